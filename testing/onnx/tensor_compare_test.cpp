#include "tensor_compare.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace ferry {
namespace onnx_backend {
namespace {

template <typename T>
Tensor make(const element::Type& type, const Shape& shape, const std::vector<T>& values) {
  Tensor tensor(type, shape);
  std::memcpy(tensor.data(), values.data(), values.size() * sizeof(T));
  return tensor;
}

Tensor f32(const std::vector<float>& values) { return make(element::f32, Shape{values.size()}, values); }

TEST(TensorCompare, AcceptsDifferencesWithinAtolPlusRtolTimesExpected) {
  // 1000 * 1e-3 + 1e-7 = 1.0000001: 1000.9 is inside, 1001.01 outside.
  EXPECT_FALSE(compare_tensors("y", f32({1000.9f, 0.f}), f32({1000.f, 0.f})));
  EXPECT_FALSE(compare_tensors("y", f32({5e-8f}), f32({0.f})));  // atol alone near zero
  const auto mismatch = compare_tensors("y", f32({1.f, 1001.01f}), f32({1.f, 1000.f}));
  ASSERT_TRUE(mismatch);
  EXPECT_NE(mismatch->find("output 'y': element 1 is 1001.01"), std::string::npos) << *mismatch;
  EXPECT_NE(mismatch->find("expected 1000"), std::string::npos) << *mismatch;
  EXPECT_NE(mismatch->find("(1 of 2 elements differ)"), std::string::npos) << *mismatch;
}

TEST(TensorCompare, ToleranceIsRelativeToTheExpectedValueNotTheResult) {
  // |0 - 1| = 1 > 1e-3 * |1|; swapping roles would give 1 > 1e-3 * 0 as well, so use a case that
  // differs: got 2, expected 1.999 passes (0.001 <= 1e-7 + 0.001999).
  EXPECT_FALSE(compare_tensors("y", f32({2.f}), f32({1.999f})));
  EXPECT_TRUE(compare_tensors("y", f32({0.f}), f32({1.f})));
}

TEST(TensorCompare, NanPositionsMustMatchAndInfinitiesMustBeEqual) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(compare_tensors("y", f32({nan, inf, -inf}), f32({nan, inf, -inf})));
  EXPECT_TRUE(compare_tensors("y", f32({nan}), f32({1.f})));
  EXPECT_TRUE(compare_tensors("y", f32({1.f}), f32({nan})));
  EXPECT_TRUE(compare_tensors("y", f32({inf}), f32({-inf})));
  EXPECT_TRUE(compare_tensors("y", f32({3e38f}), f32({inf})));
}

TEST(TensorCompare, ShapesAndElementTypesMustMatch) {
  const auto shape = compare_tensors("y", make(element::f32, Shape{2, 1}, std::vector<float>{1, 2}), f32({1, 2}));
  ASSERT_TRUE(shape);
  EXPECT_NE(shape->find("shape"), std::string::npos) << *shape;
  const auto type = compare_tensors("y", make(element::i32, Shape{2}, std::vector<int32_t>{1, 2}), f32({1, 2}));
  ASSERT_TRUE(type);
  EXPECT_NE(type->find("element type i32, expected f32"), std::string::npos) << *type;
}

TEST(TensorCompare, IntegersAndBooleansCompareExactly) {
  const auto got = make(element::i32, Shape{2}, std::vector<int32_t>{1000, 7});
  EXPECT_TRUE(compare_tensors("y", got, make(element::i32, Shape{2}, std::vector<int32_t>{1001, 7})));
  EXPECT_FALSE(compare_tensors("y", got, make(element::i32, Shape{2}, std::vector<int32_t>{1000, 7})));
  EXPECT_TRUE(compare_tensors("b", make(element::boolean, Shape{1}, std::vector<uint8_t>{1}),
                              make(element::boolean, Shape{1}, std::vector<uint8_t>{0})));
  // 2^62 and 2^62 + 1 are one double apart only in their low bits: compared as integers.
  const int64_t big = int64_t{1} << 62;
  const auto mismatch = compare_tensors("z", make(element::i64, Shape{1}, std::vector<int64_t>{big + 1}),
                                        make(element::i64, Shape{1}, std::vector<int64_t>{big}));
  ASSERT_TRUE(mismatch);
  EXPECT_NE(mismatch->find("4611686018427387905, expected 4611686018427387904"), std::string::npos) << *mismatch;
}

TEST(TensorCompare, DecodesHalfAndBfloat16Exactly) {
  // f16: 0x3c00 = 1, 0xc000 = -2, 0x0001 = 2^-24, 0x7c00 = inf; bf16: 0x3fc0 = 1.5.
  const auto half = make(element::f16, Shape{4}, std::vector<uint16_t>{0x3c00, 0xc000, 0x0001, 0x7c00});
  EXPECT_EQ(element_as_double(half, 0), 1.0);
  EXPECT_EQ(element_as_double(half, 1), -2.0);
  EXPECT_EQ(element_as_double(half, 2), std::ldexp(1.0, -24));
  EXPECT_TRUE(std::isinf(element_as_double(half, 3)));
  const auto bf = make(element::bf16, Shape{1}, std::vector<uint16_t>{0x3fc0});
  EXPECT_EQ(element_as_double(bf, 0), 1.5);
  // 1.0 vs 1.0009765625 (f16 0x3c01): inside 1e-3 * 1.0009765625 + 1e-7.
  EXPECT_FALSE(compare_tensors("h", make(element::f16, Shape{1}, std::vector<uint16_t>{0x3c00}),
                               make(element::f16, Shape{1}, std::vector<uint16_t>{0x3c01})));
}

}  // namespace
}  // namespace onnx_backend
}  // namespace ferry
