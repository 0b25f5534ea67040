// HETERO over the simulated NPU (behind the real Level Zero loader) and CPU: a value the NPU hands
// to CPU is not copied on the way (the driver's own copy counter), and an NPU that fails in the
// middle of an inference fails that inference, clearly and without a hang, while the request, the
// compiled model and the Core stay usable.
#include <gtest/gtest.h>
#include <level_zero/ze_api.h>

#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "ferry/hetero/properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/npu_test.hpp"
#include "support/split_mlp.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::hetero {
namespace {

using namespace test_models;
using npu::test::driver_copied_bytes;
using npu::test::fail_next_executions;

constexpr size_t kBatch = 2;

std::shared_ptr<Model> split_mlp(const std::string& first, const std::string& second) {
  return test::split_mlp(kBatch, first, second);
}

void expect_right(InferRequest& request, const std::vector<float>& x) {
  const MlpOutputs expected = mlp_reference(x, kBatch);
  const Tensor probs = request.get_tensor("probs");
  ASSERT_EQ(probs.get_size(), expected.probs.size());
  for (size_t i = 0; i < expected.probs.size(); ++i) EXPECT_NEAR(probs.data<const float>()[i], expected.probs[i], 1e-5);
}

std::vector<float> fill_input(InferRequest& request, int seed) {
  const std::vector<float> x = sample(kBatch * kMlp.in, seed);
  std::copy(x.begin(), x.end(), request.get_tensor("x").data<float>());
  return x;
}

TEST(HeteroOnNpu, TheValueTheNpuHandsToCpuIsNotCopied) {
  Core core;
  auto compiled = core.compile_model(split_mlp("NPU", "CPU"), "HETERO:NPU,CPU");
  EXPECT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{"NPU", "CPU"}));
  auto request = compiled.create_infer_request();
  const std::vector<float> x = fill_input(request, 1);
  request.infer();
  expect_right(request, x);
  // x is the NPU's own input tensor and Relu's output lands in Level Zero host memory that CPU
  // reads in place: the device copies nothing.
  const uint64_t before = driver_copied_bytes();
  for (int i = 0; i < 3; ++i) request.infer();
  EXPECT_EQ(driver_copied_bytes(), before);
  expect_right(request, x);
}

TEST(HeteroOnNpu, ANpuFailingMidInferenceFailsThatInferenceOnly) {
  Core core;
  auto compiled = core.compile_model(split_mlp("NPU", "CPU"), "HETERO:NPU,CPU");
  auto request = compiled.create_infer_request();
  std::vector<float> x = fill_input(request, 2);
  request.infer();

  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  const std::string error = ::ferry::testing::error_of([&] { request.infer(); });
  EXPECT_NE(error.find("ZE_RESULT_ERROR_DEVICE_LOST"), std::string::npos) << error;
  // Asynchronously, the failure reaches wait(), and nothing hangs.
  fail_next_executions(1, ZE_RESULT_ERROR_DEVICE_LOST);
  request.start_async();
  const std::string async_error = ::ferry::testing::error_of(
      [&] { ASSERT_TRUE(request.wait_for(std::chrono::seconds(30))) << "the failed inference never ended"; });
  EXPECT_NE(async_error.find("ZE_RESULT_ERROR_DEVICE_LOST"), std::string::npos) << async_error;

  // The request, the compiled model and the Core stay usable.
  x = fill_input(request, 3);
  request.infer();
  expect_right(request, x);
  auto again = core.compile_model(split_mlp("NPU", "CPU"), "HETERO:NPU,CPU").create_infer_request();
  x = fill_input(again, 4);
  again.infer();
  expect_right(again, x);
}

// Polls `held_executions()` until it reaches `count` (30 s at most).
bool held_reaches(uint32_t count) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (npu::test::held_executions() < count) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// A pipeline, not a chain: while request A waits in its NPU stage (the simulated device holds
// its execution), request B runs its CPU stage and reaches the NPU too (its second queue). A chain that ran one
// request's subgraphs before the next request's would leave B behind A, with one execution held.
TEST(HeteroOnNpu, StagesOfDifferentRequestsRunAtTheSameTime) {
  Core core;
  // Two NPU streams, so the device runs two executions at once (one queue each).
  auto compiled = core.compile_model(split_mlp("CPU", "NPU"), "HETERO:CPU,NPU", num_streams(2));
  ASSERT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{"CPU", "NPU"}));
  auto a = compiled.create_infer_request();
  auto b = compiled.create_infer_request();
  const std::vector<float> xa = fill_input(a, 5), xb = fill_input(b, 6);
  npu::test::hold_executions(true);
  a.start_async();
  const bool a_reached_npu = held_reaches(1);
  b.start_async();
  const bool b_reached_npu = held_reaches(2);
  npu::test::hold_executions(false);
  a.wait();
  b.wait();
  EXPECT_TRUE(a_reached_npu) << "request A never reached its NPU stage";
  EXPECT_TRUE(b_reached_npu) << "request B did not run its CPU stage while A was in its NPU stage";
  expect_right(a, xa);
  expect_right(b, xb);
}

}  // namespace
}  // namespace ferry::hetero
