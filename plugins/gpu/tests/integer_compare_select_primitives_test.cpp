// Integer and boolean comparisons, Select and the unary ops exact on integers against the core's
// reference evaluate (the arithmetic is in integer_eltwise_primitives_test.cpp).

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

TEST(GpuIntegerCompareSelect, ComparisonsOfIntegersAndBooleans) {
  for (const auto& type : {element::i32, element::i64}) {
    auto a = param({3, 4}, type), b = param({4}, type);
    const TensorVector inputs{random_tensor(type, {3, 4}, 7, -3.0, 3.0), random_tensor(type, {4}, 8, -3.0, 3.0)};
    expect_matches_reference(model_of(std::make_shared<op::v1::Less>(a, b), {a, b}), inputs, 0.0, 0.0);
    expect_matches_reference(model_of(std::make_shared<op::v1::Equal>(a, b), {a, b}), inputs, 0.0, 0.0);
  }
  auto p = param({2, 3}, element::boolean), q = param({3}, element::boolean);
  expect_matches_reference(model_of(std::make_shared<op::v1::NotEqual>(p, q), {p, q}),
                           {random_tensor(element::boolean, {2, 3}, 9), random_tensor(element::boolean, {3}, 10)}, 0.0,
                           0.0);
  auto r = param({2, 3}, element::boolean);
  expect_matches_reference(model_of(std::make_shared<op::v1::LogicalOr>(p, r), {p, r}),
                           {random_tensor(element::boolean, {2, 3}, 11), random_tensor(element::boolean, {2, 3}, 12)},
                           0.0, 0.0);
}

TEST(GpuIntegerCompareSelect, UnaryOpsExactOnIntegers) {
  auto x = param({3, 5}, element::i64);
  const TensorVector inputs{random_tensor(element::i64, {3, 5}, 13, -9.0, 9.0)};
  expect_matches_reference(model_of(std::make_shared<op::v0::Sign>(x), {x}), inputs, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v0::Floor>(x), {x}), inputs, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v5::Round>(x), {x}), inputs, 0.0, 0.0);
}

TEST(GpuIntegerCompareSelect, SelectBroadcastsAllThreeInputs) {
  for (const auto& type : {element::f32, element::i64, element::u8}) {
    auto cond = param({3, 1}, element::boolean), a = param({4}, type), b = param({2, 3, 4}, type);
    const TensorVector inputs{random_tensor(element::boolean, {3, 1}, 14), random_tensor(type, {4}, 15, 0.0, 9.0),
                              random_tensor(type, {2, 3, 4}, 16, 0.0, 9.0)};
    expect_matches_reference(model_of(std::make_shared<op::v1::Select>(cond, a, b), {cond, a, b}), inputs, 0.0, 0.0);
  }
  auto cond = param({5}, element::boolean), a = param({5}, element::i32), b = param({5}, element::i32);
  expect_matches_reference(model_of(std::make_shared<op::v1::Select>(cond, a, b), {cond, a, b}),
                           {random_tensor(element::boolean, {5}, 17), random_tensor(element::i32, {5}, 18, -9.0, 9.0),
                            random_tensor(element::i32, {5}, 19, -9.0, 9.0)},
                           0.0, 0.0);
}

}  // namespace
}  // namespace ferry::gpu::test
