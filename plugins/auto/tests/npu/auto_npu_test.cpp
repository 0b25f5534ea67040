// AUTO's runtime fallback over the simulated NPU (behind the real Level Zero loader), whose driver
// can be told to fail executions: an inference that fails on the NPU runs on CPU, the next one on
// the NPU again; without runtime fallback the NPU's error reaches the application; when every
// device fails, the error names each. Nothing hangs and the request stays usable.
#include <gtest/gtest.h>
#include <level_zero/ze_api.h>

#include <chrono>

#include "ferry/auto/properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/auto_checks.hpp"
#include "support/npu_test.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::auto_device {
namespace {

using namespace test;
using npu::test::fail_next_executions;

CompiledModel compile(Core& core, const std::string& device, bool runtime_fallback) {
  return core.compile_model(
      test_models::make_mlp(kBatch), device,
      {enable_profiling(true), enable_startup_fallback(false), enable_runtime_fallback(runtime_fallback)});
}

TEST(AutoOnNpu, AnInferenceThatFailsOnTheNpuRunsOnCpu) {
  Core core;
  CompiledModel compiled = compile(core, "AUTO:NPU,CPU", true);
  EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"NPU"});
  InferRequest request = compiled.create_infer_request();
  std::vector<float> x = fill_mlp_input(request, 1);
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  request.infer();
  expect_mlp_right(request, x, "after the NPU failed");
  EXPECT_EQ(device_that_ran(request), "CPU");
  const std::string selection_text = compiled.get_property(selection);
  EXPECT_NE(selection_text.find("runtime fallbacks: 1"), std::string::npos) << selection_text;
  EXPECT_NE(selection_text.find("ZE_RESULT_ERROR_DEVICE_LOST"), std::string::npos) << selection_text;

  // The next inference runs on the NPU again.
  x = fill_mlp_input(request, 2);
  request.infer();
  expect_mlp_right(request, x, "on the NPU again");
  EXPECT_EQ(device_that_ran(request), "NPU");

  // Asynchronously too, and nothing hangs.
  x = fill_mlp_input(request, 3);
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  request.start_async();
  ASSERT_TRUE(request.wait_for(std::chrono::seconds(30))) << "the inference never ended";
  expect_mlp_right(request, x, "async, after the NPU failed");
  EXPECT_EQ(device_that_ran(request), "CPU");
}

TEST(AutoOnNpu, WithoutRuntimeFallbackTheFailureReachesTheApplication) {
  Core core;
  CompiledModel compiled = compile(core, "AUTO:NPU,CPU", false);
  InferRequest request = compiled.create_infer_request();
  std::vector<float> x = fill_mlp_input(request, 4);
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  EXPECT_ERROR_CONTAINS(request.infer(), "ZE_RESULT_ERROR_DEVICE_LOST");
  request.infer();
  expect_mlp_right(request, x, "the next inference");
  EXPECT_EQ(device_that_ran(request), "NPU");
}

TEST(AutoOnNpu, WhenEveryDeviceFailsTheErrorNamesEachAndNothingHangs) {
  Core core;
  CompiledModel compiled = compile(core, "AUTO:NPU", true);
  InferRequest request = compiled.create_infer_request();
  std::vector<float> x = fill_mlp_input(request, 5);
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  EXPECT_ERROR_CONTAINS(request.infer(), "AUTO:NPU", "failed on every device tried",
                        "NPU: ", "ZE_RESULT_ERROR_DEVICE_LOST");
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  request.start_async();
  EXPECT_ERROR_CONTAINS(ASSERT_TRUE(request.wait_for(std::chrono::seconds(30))), "failed on every device tried");
  request.infer();
  expect_mlp_right(request, x, "after the failures");
}

}  // namespace
}  // namespace ferry::auto_device
