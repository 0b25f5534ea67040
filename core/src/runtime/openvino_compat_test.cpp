// Code written from OpenVINO's documentation (the seed pages) compiles against Ferry with only
// its include changed, and runs on TEMPLATE.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "ferry/compat/openvino.hpp"

namespace {

std::string model_path() {
  return (std::filesystem::path(std::getenv("TEST_SRCDIR")) / "ferry/testing/models/openvino/dynamic.xml").string();
}

TEST(OpenVinoCompat, BoundedDynamicBatchSnippet) {
  // From the GPU device page's "Bounded dynamic batch" example, with "GPU" -> "TEMPLATE".
  ov::Core core;
  auto model = core.read_model(model_path());
  const size_t T = 5, F = 8;
  model->reshape({{ov::Dimension(1, 10), ov::Dimension(T), ov::Dimension(F)}});  // {1..10, T, F}

  auto compiled_model = core.compile_model(model, "TEMPLATE");
  auto infer_request = compiled_model.create_infer_request();
  auto input = model->get_parameters().at(0);

  ov::Tensor input_tensor(input->get_element_type(), {2, T, F});
  std::fill_n(input_tensor.data<float>(), input_tensor.get_size(), 0.5f);
  infer_request.set_tensor(input, input_tensor);
  infer_request.infer();
  ov::Tensor output = infer_request.get_output_tensor();
  EXPECT_EQ(output.get_shape()[0], 2u);
}

TEST(OpenVinoCompat, PropertiesAndContextsSpellTheSame) {
  ov::Core core;
  auto compiled_model = core.compile_model(
      model_path(), "TEMPLATE", ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT), ov::num_streams(2));
  EXPECT_EQ(compiled_model.get_property(ov::num_streams), ov::streams::Num(2));
  const std::vector<std::string> devices = core.get_available_devices();
  EXPECT_FALSE(devices.empty());
  ov::RemoteContext context = core.get_default_context("TEMPLATE");
  ov::AnyMap params = context.get_params();
  ov::RemoteContext same = core.create_context("TEMPLATE", params);
  ov::RemoteTensor remote = same.create_tensor(ov::element::f32, ov::Shape{1, 5, 8});
  EXPECT_TRUE(remote.is<ov::RemoteTensor>());
  ov::Tensor host(ov::element::f32, ov::Shape{1, 5, 8});
  EXPECT_FALSE(host.is<ov::RemoteTensor>());
  try {
    host.as<ov::RemoteTensor>();
    FAIL() << "a host tensor converted to RemoteTensor";
  } catch (const ov::Exception& e) {
    EXPECT_NE(std::string(e.what()).find("remote"), std::string::npos) << e.what();
  }
}

}  // namespace
