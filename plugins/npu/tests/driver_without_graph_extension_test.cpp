// A Level Zero driver whose NPU offers no graph extension (an NPU without a compiler; here the
// simulator run with FERRY_NPU_SIMULATOR_WITHOUT_GRAPH_EXTENSION=1, see BUILD.bazel): the device
// is still listed with its properties and memory, and everything that needs a graph (compile,
// query, import) says why it cannot, leaves nothing allocated, and leaves the Core usable.

#include <gtest/gtest.h>

#include <sstream>

#include "ferry/npu/level_zero/level_zero.hpp"
#include "ferry/npu/properties.hpp"
#include "ferry/plugin/support/export_container.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/npu_test.hpp"

namespace ferry::npu::test {
namespace {

constexpr const char* kWhy = "the Level Zero driver does not offer the graph extension";

TEST(NpuDriverWithoutGraphExtension, ListsTheDeviceAndItsMemory) {
  Core core;
  const auto devices = core.get_available_devices();
  EXPECT_NE(std::find(devices.begin(), devices.end(), "NPU"), devices.end());
  EXPECT_NE(std::string::npos, core.get_property("NPU", device::full_name).find("simulator"));
  // Memory needs no graph: the remote API still works.
  auto context = core.get_default_context("NPU").as<level_zero::ZeroContext>();
  Tensor host = context.create_host_tensor(element::f32, {2, 3});
  EXPECT_EQ(6u, host.get_size());
}

TEST(NpuDriverWithoutGraphExtension, CompileQueryAndImportSayWhy) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  const uint64_t allocated_before = core.get_property("NPU", device_alloc_mem_size);

  const std::string compile_error = testing::error_of([&] { core.compile_model(shipped.model, "NPU"); });
  EXPECT_NE(std::string::npos, compile_error.find(kWhy)) << compile_error;
  EXPECT_NE(std::string::npos, compile_error.find("cannot compile models")) << compile_error;

  const std::string query_error = testing::error_of([&] { core.query_model(shipped.model, "NPU"); });
  EXPECT_NE(std::string::npos, query_error.find(kWhy)) << query_error;

  // A well-formed container whose native graph no driver here can load: without the extension,
  // the plugin cannot rebuild it from the model either, and says why.
  std::stringstream blob;
  sdk::ExportWriter({"FERRYNPL", 1}).add("native", "not a graph").add_model(shipped.model).add_settings({}).write(blob);
  const std::string import_error = testing::error_of([&] { core.import_model(blob, "NPU"); });
  EXPECT_NE(std::string::npos, import_error.find(kWhy)) << import_error;

  EXPECT_EQ(allocated_before, core.get_property("NPU", device_alloc_mem_size)) << "a failed compile kept memory";
  // The Core and the other devices are unaffected.
  auto on_template = core.compile_model(shipped.model, "TEMPLATE").create_infer_request();
  std::copy(shipped.input.begin(), shipped.input.end(), on_template.get_input_tensor().data<float>());
  on_template.infer();
  EXPECT_LE(max_difference(values_of(on_template.get_output_tensor()), shipped.expected), 1e-4f);
}

}  // namespace
}  // namespace ferry::npu::test
