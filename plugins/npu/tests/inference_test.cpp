// Inference on the simulated NPU through the plugin: results against OpenVINO CPU's on the
// shipped models, and where every byte goes (the driver's and the plugin's copy counters).

#include <gtest/gtest.h>
#include <level_zero/ze_api.h>

#include <thread>

#include "ferry/npu/level_zero/level_zero.hpp"
#include "ferry/npu/properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/npu_test.hpp"

namespace ferry::npu::test {
namespace {

constexpr float kTolerance = 1e-4f;  // the oneDNN engine against OpenVINO CPU, both f32

uint64_t plugin_copied_bytes(Core& core) { return core.get_property("NPU", copied_bytes); }

TEST(NpuInference, MatchesOpenVinoOnTheShippedModels) {
  Core core;
  for (const std::string name : {"cnn", "mlp"}) {
    const ShippedModel shipped = shipped_model(name);
    auto compiled = core.compile_model(shipped.model, "NPU");
    auto request = compiled.create_infer_request();
    Tensor input = request.get_input_tensor();
    std::copy(shipped.input.begin(), shipped.input.end(), input.data<float>());
    request.infer();
    EXPECT_LE(max_difference(values_of(request.get_output_tensor()), shipped.expected), kTolerance) << name;
  }
}

TEST(NpuInference, TheRequestsOwnTensorsAreReadInPlace) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU");
  auto request = compiled.create_infer_request();
  std::copy(shipped.input.begin(), shipped.input.end(), request.get_input_tensor().data<float>());
  request.infer();  // records the command list
  const uint64_t driver_before = driver_copied_bytes(), plugin_before = plugin_copied_bytes(core);
  for (int i = 0; i < 3; ++i) request.infer();
  EXPECT_EQ(driver_copied_bytes(), driver_before);
  EXPECT_EQ(plugin_copied_bytes(core), plugin_before);
  EXPECT_LE(max_difference(values_of(request.get_output_tensor()), shipped.expected), kTolerance);
}

TEST(NpuInference, APlainHostTensorCostsOneCopyEachWay) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU");
  auto request = compiled.create_infer_request();
  Tensor input(element::f32, shipped.input_shape);
  std::copy(shipped.input.begin(), shipped.input.end(), input.data<float>());
  Tensor output(element::f32, compiled.output().get_shape());
  request.set_input_tensor(input);
  request.set_output_tensor(output);
  const uint64_t expected = input.get_byte_size() + output.get_byte_size();
  for (int i = 0; i < 2; ++i) {
    const uint64_t driver_before = driver_copied_bytes(), plugin_before = plugin_copied_bytes(core);
    request.infer();
    EXPECT_EQ(driver_copied_bytes() - driver_before, expected);
    EXPECT_EQ(plugin_copied_bytes(core) - plugin_before, expected);
  }
  EXPECT_LE(max_difference(values_of(output), shipped.expected), kTolerance);
}

TEST(NpuInference, RequestsRunConcurrently) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU", hint::performance_mode(hint::PerformanceMode::THROUGHPUT));
  ASSERT_GT(compiled.get_property(num_streams).num, 1);
  auto reference = core.compile_model(shipped.model, "TEMPLATE").create_infer_request();
  constexpr int kThreads = 4, kRuns = 5;
  // Each thread its own input, so a mix-up of bindings between requests shows.
  std::vector<std::vector<float>> inputs(kThreads), expected(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    inputs[t] = shipped.input;
    for (auto& value : inputs[t]) value *= static_cast<float>(t + 1);
    reference.set_input_tensor(Tensor(element::f32, shipped.input_shape, inputs[t].data()));
    reference.infer();
    expected[t] = values_of(reference.get_output_tensor());
  }
  std::vector<float> worst(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto request = compiled.create_infer_request();
      for (int run = 0; run < kRuns; ++run) {
        Tensor input = request.get_input_tensor();
        std::copy(inputs[t].begin(), inputs[t].end(), input.data<float>());
        request.start_async();
        request.wait();
        worst[t] = std::max(worst[t], max_difference(values_of(request.get_output_tensor()), expected[t]));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_LE(worst[t], kTolerance) << "thread " << t;
}

TEST(NpuInference, ADeviceLostMidInferenceIsAnErrorAndTheNextInferenceRuns) {
  Core core;
  const ShippedModel shipped = shipped_model("cnn");
  auto compiled = core.compile_model(shipped.model, "NPU");
  auto request = compiled.create_infer_request();
  std::copy(shipped.input.begin(), shipped.input.end(), request.get_input_tensor().data<float>());
  request.infer();

  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  const std::string error = ::ferry::testing::error_of([&] { request.infer(); });
  EXPECT_NE(std::string::npos, error.find("ZE_RESULT_ERROR_DEVICE_LOST")) << error;
  EXPECT_NE(std::string::npos, error.find("injected")) << error;  // the driver's reason comes along
  // Asynchronously, the failure reaches wait().
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  request.start_async();
  EXPECT_ERROR_CONTAINS(request.wait(), "ZE_RESULT_ERROR_DEVICE_LOST");

  // The request, the compiled model and the Core stay usable.
  request.infer();
  EXPECT_LE(max_difference(values_of(request.get_output_tensor()), shipped.expected), kTolerance);
  auto again = core.compile_model(shipped.model, "NPU").create_infer_request();
  std::copy(shipped.input.begin(), shipped.input.end(), again.get_input_tensor().data<float>());
  again.infer();
  EXPECT_LE(max_difference(values_of(again.get_output_tensor()), shipped.expected), kTolerance);
}

}  // namespace
}  // namespace ferry::npu::test
