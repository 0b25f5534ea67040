#include "random_fill.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <cstring>

namespace ferry::tools {
namespace {

TEST(RandomFill, SameSeedSameData) {
  Tensor a(element::f32, Shape{64}), b(element::f32, Shape{64}), c(element::f32, Shape{64});
  fill_random(a, 7);
  fill_random(b, 7);
  fill_random(c, 8);
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.get_byte_size()), 0);
  EXPECT_NE(std::memcmp(a.data(), c.data(), a.get_byte_size()), 0);
}

TEST(RandomFill, RealValuesInMinusOneToOne) {
  Tensor tensor(element::f32, Shape{1000});
  fill_random(tensor, 1);
  const float* data = tensor.data<float>();
  bool negative = false, positive = false;
  for (size_t i = 0; i < tensor.get_size(); ++i) {
    ASSERT_GE(data[i], -1.0f);
    ASSERT_LT(data[i], 1.0f);
    negative |= data[i] < 0;
    positive |= data[i] > 0;
  }
  EXPECT_TRUE(negative && positive);
}

TEST(RandomFill, IntegersAndBooleansInRange) {
  Tensor ints(element::i32, Shape{500});
  fill_random(ints, 3);
  for (size_t i = 0; i < ints.get_size(); ++i) {
    ASSERT_GE(ints.data<int32_t>()[i], 0);
    ASSERT_LT(ints.data<int32_t>()[i], 10);
  }
  Tensor flags(element::boolean, Shape{100});
  fill_random(flags, 3);
  for (size_t i = 0; i < flags.get_size(); ++i) ASSERT_TRUE(flags.data<char>()[i] == 0 || flags.data<char>()[i] == 1);
}

TEST(RandomFill, HalfTypesAndPackedTypes) {
  Tensor halves(element::f16, Shape{16});
  fill_random(halves, 5);
  for (size_t i = 0; i < halves.get_size(); ++i) ASSERT_LE(std::abs(float(halves.data<float16>()[i])), 1.0f);
  Tensor nibbles(element::u4, Shape{9});  // 5 bytes
  EXPECT_NO_THROW(fill_random(nibbles, 5));
}

TEST(RandomFill, EmptyHandleIsAnError) { EXPECT_THROW(fill_random(Tensor(), 1), Exception); }

}  // namespace
}  // namespace ferry::tools
