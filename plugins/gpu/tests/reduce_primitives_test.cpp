// The reduce primitive's f16 storage form (ReduceSum/Mean/Max/Min/Prod/L1/L2, accumulated in
// float) against the f32 reference on the same (f16-rounded) inputs; the f32 forms are covered
// by primitives_test.cpp.
//
// Tolerance: the inputs are identical and the accumulation is float, so the device's result
// differs by its one rounding to f16 (<= 2^-11 ~ 4.9e-4 relative) plus float summation order:
// 2e-3 relative (about four f16 ulps) + 1e-3 absolute.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/reduction.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

constexpr double kHalfAtol = 1e-3, kHalfRtol = 2e-3;

template <typename Reduce>
ModelOfType reduction(const std::vector<int64_t>& axes, bool keep_dims, const Shape& shape = {2, 3, 4, 5}) {
  return [=](const element::Type& type) {
    auto x = param(shape, type);
    return model_of(std::make_shared<Reduce>(x, ints(axes), keep_dims), {x});
  };
}

TEST(GpuReducePrimitives, HalfStorageEveryKind) {
  for (const auto& axes : std::vector<std::vector<int64_t>>{{1}, {2, 3}, {0, 3}, {0, 1, 2, 3}})
    for (bool keep : {true, false}) {
      expect_half_matches_f32_reference(reduction<op::v1::ReduceSum>(axes, keep), 3, kHalfAtol, kHalfRtol);
      expect_half_matches_f32_reference(reduction<op::v1::ReduceMean>(axes, keep), 4, kHalfAtol, kHalfRtol);
    }
  expect_half_matches_f32_reference(reduction<op::v1::ReduceMax>({1, 3}, true), 5, 0.0, 0.0);  // picks an input
  expect_half_matches_f32_reference(reduction<op::v1::ReduceMin>({-1}, false), 6, 0.0, 0.0);
  // Products of values near 1 stay in f16's range.
  expect_half_matches_f32_reference(reduction<op::v1::ReduceProd>({2}, true), 7, kHalfAtol, kHalfRtol, 0.7, 1.3);
  expect_half_matches_f32_reference(reduction<op::v4::ReduceL1>({1, 2}, false), 8, kHalfAtol, kHalfRtol);
  expect_half_matches_f32_reference(reduction<op::v4::ReduceL2>({0, 3}, true), 9, kHalfAtol, kHalfRtol);
}

// A float accumulator: both sums are f16-exact (32768 and 1536), but an f16 accumulator would
// drop the 0.5 addends once past 1024 (f16's spacing there is 1) and end short of 1536.
TEST(GpuReducePrimitives, HalfStorageAccumulatesInFloat) {
  auto build = reduction<op::v1::ReduceSum>({1}, false, Shape{2, 2048});
  Tensor input(element::f16, Shape{2, 2048});
  for (size_t i = 0; i < 2048; ++i) input.data<float16>()[i] = float16(16.0f);
  for (size_t i = 2048; i < 4096; ++i) input.data<float16>()[i] = float16(i % 2 ? 1.0f : 0.5f);  // 1536
  expect_half_matches_f32_reference(build, TensorVector{input}, 0.0, 0.0);
}

TEST(GpuReducePrimitives, HalfStorageIsClaimed) {
  auto x = param({2, 3}, element::f16);
  auto sum = std::make_shared<op::v1::ReduceSum>(x, ints({1}), false);
  sum->set_friendly_name("half_sum");
  auto y = param({2, 3}, element::bf16);
  auto other = std::make_shared<op::v1::ReduceSum>(y, ints({1}), false);
  other->set_friendly_name("bf16_sum");
  Core core = make_core();
  EXPECT_EQ(core.query_model(model_of(sum, {x}), "GPU").count("half_sum"), 1u);
  EXPECT_EQ(core.query_model(model_of(other, {y}), "GPU").count("bf16_sum"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
