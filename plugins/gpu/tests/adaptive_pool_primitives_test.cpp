// The adaptive_pool primitive (AdaptiveAvgPool-8, AdaptiveMaxPool-8 with both index types)
// against the core's reference evaluate: 1-D to 3-D, bins that overlap (output longer than a
// non-multiple input), that divide evenly, and global pooling; the f16 storage form against the
// f32 reference on the same (f16-rounded) inputs.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/adaptive_pool.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Parameter> param(const Shape& shape) {
  return std::make_shared<op::v0::Parameter>(element::f32, PartialShape(shape));
}

void check(const OutputVector& outputs, const ParameterVector& parameters) {
  auto model = std::make_shared<Model>(outputs, parameters, "adaptive_pool");
  expect_matches_reference(model, random_inputs(model, 29));
}

struct Case {
  Shape data;
  std::vector<int64_t> lengths;
};

const std::vector<Case> kCases = {
    {{2, 3, 7}, {3}},       {{2, 3, 9, 7}, {4, 3}},       {{1, 2, 5, 6}, {7, 9}},
    {{1, 3, 8, 8}, {1, 1}}, {{1, 2, 5, 4, 6}, {2, 3, 4}}, {{1, 1, 2, 3, 4}, {1, 1, 1}}};  // one work-item in all

TEST(GpuAdaptivePoolPrimitives, Average) {
  for (const Case& c : kCases) {
    auto x = param(c.data);
    check({std::make_shared<op::v8::AdaptiveAvgPool>(x, ints(c.lengths))}, {x});
  }
}

TEST(GpuAdaptivePoolPrimitives, MaximumWithIndicesOfBothTypes) {
  for (size_t i = 0; i < kCases.size(); ++i) {
    const Case& c = kCases[i];
    auto x = param(c.data);
    auto pool = std::make_shared<op::v8::AdaptiveMaxPool>(x, ints(c.lengths), i % 2 ? element::i32 : element::i64);
    check({pool->output(0), pool->output(1)}, {x});
  }
}

TEST(GpuAdaptivePoolPrimitives, FirstOfEqualMaximaIsTheIndex) {
  auto x = param({1, 1, 4, 4});
  auto pool = std::make_shared<op::v8::AdaptiveMaxPool>(x, ints({2, 2}), element::i32);
  auto model = std::make_shared<Model>(OutputVector{pool->output(0), pool->output(1)}, ParameterVector{x}, "ties");
  Tensor input(element::f32, Shape{1, 1, 4, 4});
  for (size_t i = 0; i < 16; ++i) input.data<float>()[i] = 1.0f;  // every element ties
  expect_matches_reference(model, {input});
}

// f16 storage: the average is summed in float and rounded once to f16 (<= 2^-11 ~ 4.9e-4
// relative): 2e-3 relative + 1e-3 absolute; the maximum is one of the inputs and its index the
// reference's exactly.
TEST(GpuAdaptivePoolPrimitives, HalfStorage) {
  for (size_t i = 0; i < kCases.size(); i += 2) {
    const Case& c = kCases[i];
    expect_half_matches_f32_reference(
        [&](const element::Type& type) {
          auto x = std::make_shared<op::v0::Parameter>(type, PartialShape(c.data));
          return model_of(std::make_shared<op::v8::AdaptiveAvgPool>(x, ints(c.lengths)), {x});
        },
        41, 1e-3, 2e-3);
    expect_half_matches_f32_reference(
        [&](const element::Type& type) {
          auto x = std::make_shared<op::v0::Parameter>(type, PartialShape(c.data));
          auto pool =
              std::make_shared<op::v8::AdaptiveMaxPool>(x, ints(c.lengths), i % 4 ? element::i32 : element::i64);
          return std::make_shared<Model>(OutputVector{pool->output(0), pool->output(1)}, ParameterVector{x}, "max");
        },
        43, 0.0, 0.0);
  }
}

}  // namespace
}  // namespace ferry::gpu::test
