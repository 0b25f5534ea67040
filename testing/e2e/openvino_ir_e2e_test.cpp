// OpenVINO-written IR models, read by Ferry's Core, compiled on TEMPLATE and run sync, async and
// from several threads at once; outputs compared with OpenVINO CPU's, stored next to the models
// (testing/models/openvino/README.md). Tolerance: |got - expected| <= 1e-5 + 1e-4 * |expected|
// (two independent f32 implementations summing in different orders).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "ferry/ferry.hpp"
#include "testing/models/reference_case.hpp"

namespace ferry {
namespace {

const std::filesystem::path& models_dir() {
  static const std::filesystem::path dir =
      std::filesystem::path(std::getenv("TEST_SRCDIR")) / "ferry/testing/models/openvino";
  return dir;
}

using Case = testing::ReferenceCase;

Case load_case(const std::string& model) { return testing::load_reference_case(models_dir().string(), model); }

void set_inputs(InferRequest& request, Case& test_case) {
  for (auto& input : test_case.inputs)
    request.set_tensor(input.name, Tensor(input.type, input.shape, input.bytes.data()));
}

void expect_outputs(InferRequest& request, const Case& test_case, const std::string& what) {
  for (const auto& expected : test_case.outputs) {
    Tensor got = request.get_tensor(expected.name);
    ASSERT_EQ(got.get_shape(), expected.shape) << what << " output " << expected.name;
    ASSERT_EQ(got.get_element_type(), element::f32) << what;
    const float* values = got.data<float>();
    const float* reference = reinterpret_cast<const float*>(expected.bytes.data());
    size_t mismatches = 0;
    for (size_t i = 0; i < got.get_size(); ++i)
      if (!(std::abs(values[i] - reference[i]) <= 1e-5f + 1e-4f * std::abs(reference[i]))) {
        if (++mismatches <= 5)
          ADD_FAILURE() << what << " output " << expected.name << "[" << i << "] = " << values[i] << ", OpenVINO "
                        << reference[i];
      }
    EXPECT_EQ(mismatches, 0u) << what << " output " << expected.name;
  }
}

class OpenVinoIr : public ::testing::TestWithParam<std::string> {};

TEST_P(OpenVinoIr, SyncAsyncAndThreadsMatchOpenVino) {
  const std::string model_name = GetParam();
  Core core;
  auto model = core.read_model((models_dir() / (model_name + ".xml")).string());
  CompiledModel compiled = core.compile_model(model, "TEMPLATE", {{"NUM_STREAMS", "2"}});
  Case test_case = load_case(model_name);

  InferRequest sync_request = compiled.create_infer_request();
  set_inputs(sync_request, test_case);
  sync_request.infer();
  expect_outputs(sync_request, test_case, model_name + " sync");

  InferRequest async_request = compiled.create_infer_request();
  set_inputs(async_request, test_case);
  async_request.start_async();
  async_request.wait();
  expect_outputs(async_request, test_case, model_name + " async");

  // Four threads, each with its own request, several inferences each.
  std::vector<std::thread> threads;
  std::vector<InferRequest> requests;
  for (int t = 0; t < 4; ++t) requests.push_back(compiled.create_infer_request());
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      Case own = test_case;
      set_inputs(requests[t], own);
      for (int i = 0; i < 5; ++i) {
        requests[t].start_async();
        requests[t].wait();
      }
      expect_outputs(requests[t], own, model_name + " thread " + std::to_string(t));
    });
  for (auto& thread : threads) thread.join();
}

TEST_P(OpenVinoIr, CompileFromPathAndFromMemory) {
  const std::string model_name = GetParam();
  Core core;
  Case test_case = load_case(model_name);
  CompiledModel from_path = core.compile_model((models_dir() / (model_name + ".xml")).string(), "TEMPLATE");
  InferRequest request = from_path.create_infer_request();
  set_inputs(request, test_case);
  request.infer();
  expect_outputs(request, test_case, model_name + " from path");

  std::ifstream xml(models_dir() / (model_name + ".xml")), bin(models_dir() / (model_name + ".bin"), std::ios::binary);
  const std::string xml_text((std::istreambuf_iterator<char>(xml)), std::istreambuf_iterator<char>());
  std::vector<char> weights((std::istreambuf_iterator<char>(bin)), std::istreambuf_iterator<char>());
  Tensor weights_tensor(element::u8, {weights.size()}, weights.data());
  auto model = core.read_model(xml_text, weights.empty() ? Tensor() : weights_tensor);
  InferRequest from_memory = core.compile_model(model, "TEMPLATE").create_infer_request();
  set_inputs(from_memory, test_case);
  from_memory.infer();
  expect_outputs(from_memory, test_case, model_name + " from memory");
}

INSTANTIATE_TEST_SUITE_P(Models, OpenVinoIr,
                         ::testing::Values("mlp", "cnn", "elementwise", "dynamic", "conv_variants"));

}  // namespace
}  // namespace ferry
