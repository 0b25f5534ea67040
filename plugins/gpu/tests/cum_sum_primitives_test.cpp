// The cum_sum primitive (CumSum-3) against the core's reference evaluate: every axis, exclusive
// and reverse, i32 and i64 axis constants, the default axis; the f16 storage form against the f32
// reference on the same (f16-rounded) inputs.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/cum_sum.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Parameter> param(const Shape& shape, const element::Type& type = element::f32) {
  return std::make_shared<op::v0::Parameter>(type, PartialShape(shape));
}

void check(const std::shared_ptr<Model>& model) {
  expect_matches_reference(model, random_inputs(model, 31), 1e-5, 1e-4);
}

TEST(GpuCumSumPrimitives, EveryAxisExclusiveAndReverse) {
  auto x = param({3, 4, 5});
  for (int64_t axis : {0, 1, 2, -1})
    for (bool exclusive : {false, true})
      for (bool reverse : {false, true}) {
        auto axis_constant = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{axis});
        check(model_of(std::make_shared<op::v0::CumSum>(x, axis_constant, exclusive, reverse), {x}));
      }
}

TEST(GpuCumSumPrimitives, I32AxisAndDefaultAxis) {
  auto x = param({6, 3});
  auto axis = op::v0::Constant::create(element::i32, Shape{}, std::vector<int32_t>{1});
  check(model_of(std::make_shared<op::v0::CumSum>(x, axis, true, false), {x}));
  check(model_of(std::make_shared<op::v0::CumSum>(x, false, true), {x}));
  auto line = param({33});
  check(model_of(std::make_shared<op::v0::CumSum>(line), {line}));
}

// f16 storage: the running sum is float, each output rounded once to f16 (<= 2^-11 ~ 4.9e-4
// relative): 2e-3 relative (about four f16 ulps) + 1e-3 absolute.
TEST(GpuCumSumPrimitives, HalfStorageSumsInFloat) {
  for (int64_t axis : {0, 2})
    for (bool exclusive : {false, true})
      for (bool reverse : {false, true})
        expect_half_matches_f32_reference(
            [&](const element::Type& type) {
              auto x = param({3, 4, 40}, type);
              auto axis_constant = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{axis});
              return model_of(std::make_shared<op::v0::CumSum>(x, axis_constant, exclusive, reverse), {x});
            },
            37, 1e-3, 2e-3);
}

TEST(GpuCumSumPrimitives, RuntimeAxisAndIntegersAreNotClaimed) {
  auto x = param({2, 3});
  auto axis = param({}, element::i64);
  auto runtime = std::make_shared<op::v0::CumSum>(x, axis);
  runtime->set_friendly_name("runtime_axis");
  Core core = make_core();
  EXPECT_EQ(core.query_model(model_of(runtime, {x, axis}), "GPU").count("runtime_axis"), 0u);
  auto xi = param({2, 3}, element::i32);
  auto integers = std::make_shared<op::v0::CumSum>(xi);
  integers->set_friendly_name("integer_cum_sum");
  EXPECT_EQ(core.query_model(model_of(integers, {xi}), "GPU").count("integer_cum_sum"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
