// Integer elementwise arithmetic against the core's reference evaluate: wrapping +, - and *,
// both integer divisions, remainders, powers, shifts and pdpd broadcasting.

#include <gtest/gtest.h>

#include <limits>

#include "ferry/graph/ops.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

template <typename T>
Tensor tensor_of(const element::Type& type, const Shape& shape, const std::vector<T>& values) {
  Tensor tensor(type, shape);
  std::copy(values.begin(), values.end(), tensor.data<T>());
  return tensor;
}

// Random integers in [-20, 20] without zeros (divisors), of an i32 or i64 tensor.
Tensor nonzero_integers(const element::Type& type, const Shape& shape, unsigned seed) {
  Tensor tensor = random_tensor(type, shape, seed, -20.0, 20.0);
  for (size_t i = 0; i < tensor.get_size(); ++i) {
    if (type == element::i32 && tensor.data<int32_t>()[i] == 0) tensor.data<int32_t>()[i] = 3;
    if (type == element::i64 && tensor.data<int64_t>()[i] == 0) tensor.data<int64_t>()[i] = -3;
  }
  return tensor;
}

template <typename Op>
void check_binary(const element::Type& type, const Shape& a_shape, const Shape& b_shape, bool nonzero_b = false) {
  auto a = param(a_shape, type), b = param(b_shape, type);
  const TensorVector inputs{
      random_tensor(type, a_shape, 1, -50.0, 50.0),
      nonzero_b ? nonzero_integers(type, b_shape, 2) : random_tensor(type, b_shape, 2, -50.0, 50.0)};
  expect_matches_reference(model_of(std::make_shared<Op>(a, b), {a, b}), inputs, 0.0, 0.0);
}

TEST(GpuIntegerEltwise, ArithmeticOnI32AndI64WithBroadcast) {
  for (const auto& type : {element::i32, element::i64}) {
    check_binary<op::v1::Add>(type, {2, 3, 4}, {4});
    check_binary<op::v1::Subtract>(type, {2, 1, 4}, {3, 1});
    check_binary<op::v1::Multiply>(type, {3, 4}, {3, 4});
    check_binary<op::v1::Maximum>(type, {3, 4}, {});
    check_binary<op::v1::Minimum>(type, {5}, {2, 5});
  }
}

TEST(GpuIntegerEltwise, PdpdBroadcastAlignsTheSecondInputAtAnAxis) {
  auto a = param({2, 3, 4, 5}, element::i32), b = param({3, 4}, element::i32), c = param({5}, element::i32);
  const TensorVector inputs{random_tensor(element::i32, {2, 3, 4, 5}, 20, -9.0, 9.0),
                            random_tensor(element::i32, {3, 4}, 21, -9.0, 9.0)};
  const op::AutoBroadcastSpec axis1(op::AutoBroadcastType::PDPD, 1), last(op::AutoBroadcastType::PDPD, -1);
  expect_matches_reference(model_of(std::make_shared<op::v1::Subtract>(a, b, axis1), {a, b}), inputs, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v1::Subtract>(a, c, last), {a, c}),
                           {inputs[0], random_tensor(element::i32, {5}, 22, -9.0, 9.0)}, 0.0, 0.0);
}

TEST(GpuIntegerEltwise, SmallIntegerTypes) {
  for (const auto& type : {element::u8, element::i8}) {
    auto a = param({4, 5}, type), b = param({5}, type);
    const TensorVector inputs{random_tensor(type, {4, 5}, 3, -120.0, 120.0),
                              random_tensor(type, {5}, 4, -120.0, 120.0)};
    expect_matches_reference(model_of(std::make_shared<op::v1::Add>(a, b), {a, b}), inputs, 0.0, 0.0);
    expect_matches_reference(model_of(std::make_shared<op::v1::Maximum>(a, b), {a, b}), inputs, 0.0, 0.0);
  }
}

TEST(GpuIntegerEltwise, AdditionAndNegationWrapLikeTwosComplement) {
  const int32_t max = std::numeric_limits<int32_t>::max(), min = std::numeric_limits<int32_t>::lowest();
  auto a = param({4}, element::i32), b = param({4}, element::i32);
  const TensorVector inputs{tensor_of<int32_t>(element::i32, {4}, {max, min, max, 7}),
                            tensor_of<int32_t>(element::i32, {4}, {1, -1, max, -9})};
  expect_matches_reference(model_of(std::make_shared<op::v1::Add>(a, b), {a, b}), inputs, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v1::Multiply>(a, b), {a, b}), inputs, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v0::Negative>(a), {a}), {inputs[1]}, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v0::Abs>(a), {a}), {inputs[1]}, 0.0, 0.0);
}

TEST(GpuIntegerEltwise, DivisionTruncatesOrFloors) {
  for (const auto& type : {element::i32, element::i64}) {
    for (bool python : {false, true}) {
      auto a = param({3, 6}, type), b = param({6}, type);
      const TensorVector inputs{random_tensor(type, {3, 6}, 5, -50.0, 50.0), nonzero_integers(type, {6}, 6)};
      expect_matches_reference(model_of(std::make_shared<op::v1::Divide>(a, b, python), {a, b}), inputs, 0.0, 0.0);
    }
  }
  // -7 / 2: -3 truncated, -4 floored; 7 / -2 likewise.
  auto a = param({4}, element::i32), b = param({4}, element::i32);
  const TensorVector inputs{tensor_of<int32_t>(element::i32, {4}, {-7, 7, -8, 9}),
                            tensor_of<int32_t>(element::i32, {4}, {2, -2, 4, 3})};
  expect_matches_reference(model_of(std::make_shared<op::v1::Divide>(a, b, true), {a, b}), inputs, 0.0, 0.0);
}

TEST(GpuIntegerEltwise, RemaindersPowersAndShifts) {
  check_binary<op::v1::Mod>(element::i32, {4, 5}, {5}, true);
  check_binary<op::v1::FloorMod>(element::i32, {4, 5}, {5}, true);
  check_binary<op::v1::FloorMod>(element::i64, {4, 5}, {4, 5}, true);
  auto base = param({8}, element::i32), exponent = param({8}, element::i32);
  const TensorVector inputs{tensor_of<int32_t>(element::i32, {8}, {2, -3, 5, 1, -1, -1, 7, 0}),
                            tensor_of<int32_t>(element::i32, {8}, {10, 3, 0, -4, -3, -2, -1, 5})};
  expect_matches_reference(model_of(std::make_shared<op::v1::Power>(base, exponent), {base, exponent}), inputs, 0.0,
                           0.0);
  auto x = param({6}, element::i32), by = param({6}, element::i32);
  const TensorVector shifts{tensor_of<int32_t>(element::i32, {6}, {1, -8, 255, -1, 3, 40}),
                            tensor_of<int32_t>(element::i32, {6}, {3, 2, 31, 40, -1, 0})};
  expect_matches_reference(model_of(std::make_shared<op::v15::BitwiseLeftShift>(x, by), {x, by}), shifts, 0.0, 0.0);
  expect_matches_reference(model_of(std::make_shared<op::v15::BitwiseRightShift>(x, by), {x, by}), shifts, 0.0, 0.0);
}

}  // namespace
}  // namespace ferry::gpu::test
