// Real elementwise kernels not covered by primitives_test.cpp: trigonometric and hyperbolic
// functions on their domains, SoftSign, both Round modes, Power, Mod/FloorMod, and f16 storage
// (computed in f32).

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

// `Op` on random inputs in [low, high).
template <typename Op>
void check_unary(double low, double high) {
  auto x = param({3, 7});
  expect_matches_reference(model_of(std::make_shared<Op>(x), {x}), {random_tensor(element::f32, {3, 7}, 3, low, high)},
                           1e-5, 1e-4);
}

TEST(GpuMathEltwise, TrigonometricAndHyperbolic) {
  check_unary<op::v0::Sin>(-4.0, 4.0);
  check_unary<op::v0::Cos>(-4.0, 4.0);
  check_unary<op::v0::Tan>(-1.2, 1.2);
  check_unary<op::v0::Asin>(-0.95, 0.95);
  check_unary<op::v0::Acos>(-0.95, 0.95);
  check_unary<op::v0::Atan>(-5.0, 5.0);
  check_unary<op::v0::Sinh>(-3.0, 3.0);
  check_unary<op::v0::Cosh>(-3.0, 3.0);
  check_unary<op::v3::Asinh>(-5.0, 5.0);
  check_unary<op::v3::Acosh>(1.05, 5.0);
  check_unary<op::v3::Atanh>(-0.9, 0.9);
  check_unary<op::v9::SoftSign>(-5.0, 5.0);
}

TEST(GpuMathEltwise, RoundModesOnHalves) {
  auto x = param({8});
  Tensor halves(element::f32, Shape{8});
  const float values[] = {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, 2.4f, -3.7f};
  std::copy(values, values + 8, halves.data<float>());
  for (auto mode : {op::RoundMode::HALF_TO_EVEN, op::RoundMode::HALF_AWAY_FROM_ZERO})
    expect_matches_reference(model_of(std::make_shared<op::v5::Round>(x, mode), {x}), {halves}, 0.0, 0.0);
}

TEST(GpuMathEltwise, PowerAndRemainders) {
  auto a = param({3, 4}), b = param({4});
  const TensorVector positive{random_tensor(element::f32, {3, 4}, 4, 0.1, 3.0),
                              random_tensor(element::f32, {4}, 5, -2.0, 2.0)};
  expect_matches_reference(model_of(std::make_shared<op::v1::Power>(a, b), {a, b}), positive, 1e-5, 1e-4);
  const TensorVector mixed{random_tensor(element::f32, {3, 4}, 6, -9.0, 9.0),
                           random_tensor(element::f32, {4}, 7, 0.5, 3.0)};
  Tensor divisors = mixed[1];
  divisors.data<float>()[1] = -divisors.data<float>()[1];  // a negative divisor: FloorMod takes its sign
  expect_matches_reference(model_of(std::make_shared<op::v1::Mod>(a, b), {a, b}), {mixed[0], divisors}, 1e-5, 1e-4);
  expect_matches_reference(model_of(std::make_shared<op::v1::FloorMod>(a, b), {a, b}), {mixed[0], divisors}, 1e-5,
                           1e-4);
}

TEST(GpuMathEltwise, HalfStorageComputesInFloat) {
  auto a = param({2, 5}, element::f16), b = param({5}, element::f16);
  const TensorVector inputs{random_tensor(element::f16, {2, 5}, 8), random_tensor(element::f16, {5}, 9)};
  expect_matches_reference(model_of(std::make_shared<op::v1::Add>(a, b), {a, b}), inputs, 1e-3, 1e-3);
  expect_matches_reference(model_of(std::make_shared<op::v1::Greater>(a, b), {a, b}), inputs, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v0::Sigmoid>(a), {a}), {inputs[0]}, 1e-3, 1e-3);
}

}  // namespace
}  // namespace ferry::gpu::test
