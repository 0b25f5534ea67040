// The NPU device and its compiled models: properties with the device's real values, compile
// errors that name what the device refuses, export / import and CACHE_DIR through the driver's
// native graph, profiling.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "ferry/graph/op_registry.hpp"
#include "ferry/graph/ops/op.hpp"
#include "ferry/npu/level_zero/level_zero.hpp"
#include "ferry/npu/properties.hpp"
#include "ferry/plugin/support/export_container.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/testing/ir_test_util.hpp"
#include "support/npu_test.hpp"

namespace ferry::npu::test {
namespace {

constexpr float kTolerance = 1e-4f;

// An op no device has a kernel for, known to the IR reader (the simulated driver reads the IR
// with the same op registry).
class NoKernel : public op::Op {
 public:
  FERRY_OP("NpuTestNoKernel", "ferry_test")
  NoKernel() = default;
  explicit NoKernel(const Output<Node>& value) : Op({value}) { constructor_validate_and_infer_types(); }
  void validate_and_infer_types() override {
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
  }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override {
    return std::make_shared<NoKernel>(inputs.at(0));
  }
};

std::vector<float> infer_once(CompiledModel& compiled, const ShippedModel& shipped) {
  auto request = compiled.create_infer_request();
  std::copy(shipped.input.begin(), shipped.input.end(), request.get_input_tensor().data<float>());
  request.infer();
  return values_of(request.get_output_tensor());
}

TEST(NpuDevice, ReportsTheSimulatedNpuThroughLevelZero) {
  Core core;
  const auto devices = core.get_available_devices();
  EXPECT_NE(std::find(devices.begin(), devices.end(), "NPU"), devices.end());
  EXPECT_NE(std::string::npos, core.get_property("NPU", device::full_name).find("simulator"));
  EXPECT_NE(device::UUID{}, core.get_property("NPU", device::uuid));
  EXPECT_GT(core.get_property("NPU", device_total_mem_size), 0u);
  EXPECT_GT(core.get_property("NPU", driver_version), 0u);
  const auto [min_streams, max_streams] = core.get_property("NPU", range_for_streams);
  EXPECT_EQ(1u, min_streams);
  EXPECT_GE(max_streams, 2u);
  // Allocations show in NPU_DEVICE_ALLOC_MEM_SIZE while they live.
  const uint64_t before = core.get_property("NPU", device_alloc_mem_size);
  {
    auto context = core.get_default_context("NPU").as<level_zero::ZeroContext>();
    auto tensor = context.create_l0_host_tensor(element::f32, Shape{1024});
    EXPECT_GE(core.get_property("NPU", device_alloc_mem_size), before + 4096);
  }
  EXPECT_EQ(core.get_property("NPU", device_alloc_mem_size), before);
  EXPECT_ERROR_CONTAINS(core.get_property("NPU", device::full_name, {{device::id.name(), "7"}}),
                        "bad argument '7' for 'DEVICE_ID'");
}

TEST(NpuDevice, StreamsFollowTheHints) {
  Core core;
  const ShippedModel shipped = shipped_model("mlp");
  auto latency = core.compile_model(shipped.model, "NPU", hint::performance_mode(hint::PerformanceMode::LATENCY));
  EXPECT_EQ(1, latency.get_property(num_streams).num);
  auto throughput = core.compile_model(shipped.model, "NPU", hint::performance_mode(hint::PerformanceMode::THROUGHPUT));
  EXPECT_EQ(2, throughput.get_property(num_streams).num);
  EXPECT_EQ(4u, throughput.get_property(optimal_number_of_infer_requests));
  EXPECT_EQ(std::vector<std::string>{"NPU"}, throughput.get_property(execution_devices));
  EXPECT_ERROR_CONTAINS(core.compile_model(shipped.model, "NPU", num_streams(64)), "NUM_STREAMS");
}

TEST(NpuCompile, OpsTheDeviceRefusesAreListed) {
  OpRegistry::global().add<NoKernel>();
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 3});
  x->set_friendly_name("x");
  auto refused = std::make_shared<NoKernel>(x);
  refused->set_friendly_name("the_refused_op");
  auto model = std::make_shared<Model>(OutputVector{refused}, ParameterVector{x}, "with_refused_op");
  Core core;
  EXPECT_ERROR_CONTAINS(core.compile_model(model, "NPU"), "the_refused_op (NpuTestNoKernel-ferry_test)");
  const SupportedOpsMap supported = core.query_model(model, "NPU");
  EXPECT_EQ(0u, supported.count("the_refused_op"));
  EXPECT_EQ(1u, supported.count("x"));
  // The plugin stays usable.
  const ShippedModel shipped = shipped_model("mlp");
  auto compiled = core.compile_model(shipped.model, "NPU");
  EXPECT_LE(max_difference(infer_once(compiled, shipped), shipped.expected), kTolerance);
}

TEST(NpuCompile, DynamicShapesAreRefusedWithTheWayOut) {
  Core core;
  auto model = core.read_model(ir_test::openvino_models_dir() + "dynamic.xml");
  EXPECT_ERROR_CONTAINS(core.compile_model(model, "NPU"), "reshape the model first");
}

TEST(NpuCompile, ExportAndImportGoThroughTheNativeGraph) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU", enable_profiling(true));
  std::stringstream blob;
  compiled.export_model(blob);
  auto imported = core.import_model(blob, "NPU");
  EXPECT_TRUE(imported.get_property(loaded_from_cache));
  EXPECT_TRUE(imported.get_property(enable_profiling));  // the settings travel with the blob
  EXPECT_EQ(infer_once(imported, shipped), infer_once(compiled, shipped));

  // A damaged blob is detected before the driver sees it.
  std::string damaged = blob.str();
  damaged[damaged.size() / 2] ^= 0x5a;
  std::stringstream damaged_blob(damaged);
  EXPECT_ERROR_CONTAINS(core.import_model(damaged_blob, "NPU"), "NPU");
}

TEST(NpuCompile, ABlobTheDriverRefusesIsRebuiltFromItsModel) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU");
  std::stringstream original;
  compiled.export_model(original);
  // The same container with a native graph of another driver version (a well-formed blob: the
  // checksum holds, only the driver can tell).
  sdk::ExportReader contents(original, {"FERRYNPL", 1}, "NPU");
  std::string foreign_native = contents.field("native");
  ASSERT_GT(foreign_native.size(), 16u);
  foreign_native[12] ^= 0x7f;  // the driver version in the simulator's blob header
  std::stringstream foreign;
  sdk::ExportWriter({"FERRYNPL", 1})
      .add("native", foreign_native)
      .add_model(contents.model())
      .add_settings(contents.settings())
      .write(foreign);
  auto rebuilt = core.import_model(foreign, "NPU");
  EXPECT_FALSE(rebuilt.get_property(loaded_from_cache));
  EXPECT_LE(max_difference(infer_once(rebuilt, shipped), shipped.expected), kTolerance);

  // A blob of another device is refused by name.
  auto on_template = core.compile_model(shipped.model, "TEMPLATE");
  std::stringstream template_blob;
  on_template.export_model(template_blob);
  EXPECT_ERROR_CONTAINS(core.import_model(template_blob, "NPU"), "NPU");
}

TEST(NpuCompile, CacheDirKeepsCompiledGraphs) {
  const std::string cache = ir_test::temp_dir() + "npu_cache";
  std::filesystem::remove_all(cache);
  const ShippedModel shipped = shipped_model("cnn");
  {
    Core core;
    core.set_property(cache_dir(cache));
    auto first = core.compile_model(shipped.model, "NPU");
    EXPECT_FALSE(first.get_property(loaded_from_cache));
  }
  Core core;
  core.set_property(cache_dir(cache));
  auto second = core.compile_model(shipped.model, "NPU");
  EXPECT_TRUE(second.get_property(loaded_from_cache));
  EXPECT_LE(max_difference(infer_once(second, shipped), shipped.expected), kTolerance);
}

TEST(NpuCompile, ProfilingReportsTheDevicesSteps) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU", enable_profiling(true));
  auto request = compiled.create_infer_request();
  request.infer();
  const auto records = request.get_profiling_info();
  ASSERT_FALSE(records.empty());
  bool convolution = false;
  for (const auto& record : records) {
    EXPECT_EQ(ProfilingInfo::Status::EXECUTED, record.status);
    convolution = convolution || record.node_type.find("Convolution") != std::string::npos;
  }
  EXPECT_TRUE(convolution);
  auto unprofiled = core.compile_model(shipped.model, "NPU").create_infer_request();
  unprofiled.infer();
  EXPECT_TRUE(unprofiled.get_profiling_info().empty());
}

}  // namespace
}  // namespace ferry::npu::test
