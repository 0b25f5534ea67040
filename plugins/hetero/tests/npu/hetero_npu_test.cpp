// HETERO over the simulated NPU (behind the real Level Zero loader) and CPU: a value the NPU hands
// to CPU is not copied on the way (the driver's own copy counter), and an NPU that fails in the
// middle of an inference fails that inference, clearly and without a hang, while the request, the
// compiled model and the Core stay usable.
#include <gtest/gtest.h>
#include <level_zero/ze_api.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "ferry/hetero/properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/npu_test.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::hetero {
namespace {

using namespace test_models;
using npu::test::driver_copied_bytes;
using npu::test::fail_next_executions;

constexpr size_t kBatch = 2;

// The MLP's first layer on the NPU, the rest on CPU.
std::shared_ptr<Model> npu_then_cpu() {
  auto model = make_mlp(kBatch);
  for (const auto& node : model->get_ordered_ops()) {
    const std::string& name = node->get_friendly_name();
    if (name == "matmul1" || name == "add1" || name == "relu") node->get_rt_info()["affinity"] = std::string("NPU");
    if (name == "matmul2" || name == "add2" || name == "softmax") node->get_rt_info()["affinity"] = std::string("CPU");
  }
  return model;
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
  auto compiled = core.compile_model(npu_then_cpu(), "HETERO:NPU,CPU");
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
  auto compiled = core.compile_model(npu_then_cpu(), "HETERO:NPU,CPU");
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
  auto again = core.compile_model(npu_then_cpu(), "HETERO:NPU,CPU").create_infer_request();
  x = fill_input(again, 4);
  again.infer();
  expect_right(again, x);
}

}  // namespace
}  // namespace ferry::hetero
