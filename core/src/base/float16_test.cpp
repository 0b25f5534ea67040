#include "ferry/base/float16.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "ferry/base/bfloat16.hpp"

namespace ferry {
namespace {

float bits_to_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// An independent reference: decode a half by its definition, (-1)^s * 2^(e-15) * 1.m.
double decode_half(uint16_t h) {
  const int sign = (h >> 15) ? -1 : 1;
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

TEST(Float16, EveryHalfRoundTripsThroughFloat) {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const float f = float16::to_float(static_cast<uint16_t>(h));
    const double expected = decode_half(static_cast<uint16_t>(h));
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(f)) << h;
      EXPECT_TRUE(std::isnan(static_cast<float>(float16(f))));
      continue;
    }
    ASSERT_EQ(static_cast<double>(f), expected) << h;
    ASSERT_EQ(float16::from_float(f), h) << h;  // exact values convert back bit-exactly
  }
}

TEST(Float16, RoundsToNearestEven) {
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to the even mantissa (1.0).
  EXPECT_EQ(float16::from_float(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  // 1 + 3*2^-11 is halfway between 1+2^-10 (odd) and 1+2^-9 (even): goes up.
  EXPECT_EQ(float16::from_float(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  // Just above halfway rounds up.
  EXPECT_EQ(float16::from_float(std::nextafter(1.0f + std::ldexp(1.0f, -11), 2.0f)), 0x3c01);
  EXPECT_EQ(float16::from_float(-2.5f), 0xc100);
}

TEST(Float16, OverflowInfinityAndNan) {
  EXPECT_EQ(float16::from_float(65504.0f), 0x7bff);   // max half
  EXPECT_EQ(float16::from_float(65519.99f), 0x7bff);  // below the halfway point
  EXPECT_EQ(float16::from_float(65520.0f), 0x7c00);   // halfway ties to even: inf
  EXPECT_EQ(float16::from_float(1e10f), 0x7c00);
  EXPECT_EQ(float16::from_float(-INFINITY), 0xfc00);
  const uint16_t nan = float16::from_float(NAN);
  EXPECT_EQ(nan & 0x7c00, 0x7c00);
  EXPECT_NE(nan & 0x3ff, 0);
  // A signalling float NaN whose payload sits only in the low bits must not become inf.
  EXPECT_NE(float16::from_float(bits_to_float(0x7f800001u)) & 0x3ff, 0);
}

TEST(Float16, Subnormals) {
  EXPECT_EQ(float16::from_float(std::ldexp(1.0f, -24)), 0x0001);  // smallest subnormal
  EXPECT_EQ(float16::from_float(std::ldexp(1.0f, -25)), 0x0000);  // halfway to 0: even is 0
  EXPECT_EQ(float16::from_float(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(float16::from_float(std::ldexp(3.0f, -25)), 0x0002);       // 1.5 ulp ties to 2
  EXPECT_EQ(float16::from_float(std::ldexp(1023.5f, -24)), 0x0400);    // rounds up into normal
  EXPECT_EQ(float16::from_float(-std::ldexp(1.0f, -30)), 0x8000);      // keeps the sign of zero
  EXPECT_EQ(float16::from_float(bits_to_float(0x00000001u)), 0x0000);  // float subnormal
  EXPECT_FLOAT_EQ(float16::to_float(0x0200), std::ldexp(1.0f, -15));
}

TEST(Float16, ArithmeticGoesThroughFloat) {
  float16 a = 1.5f, b = 2.25f;
  EXPECT_EQ(static_cast<float>(a + b), 3.75f);
  float16 c = a * b;
  EXPECT_EQ(static_cast<float>(c), 3.375f);
  EXPECT_EQ(std::numeric_limits<float16>::max().to_bits(), 0x7bff);
}

TEST(BFloat16, RoundsToNearestEven) {
  EXPECT_EQ(bfloat16::from_float(1.0f), 0x3f80);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even (1.0).
  EXPECT_EQ(bfloat16::from_float(1.0f + std::ldexp(1.0f, -8)), 0x3f80);
  // 1 + 3*2^-8: halfway between odd 0x3f81 and even 0x3f82: up.
  EXPECT_EQ(bfloat16::from_float(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);
  EXPECT_EQ(bfloat16::from_float(std::nextafter(1.0f + std::ldexp(1.0f, -8), 2.0f)), 0x3f81);
  EXPECT_EQ(bfloat16::from_float(-2.0f), 0xc000);
}

TEST(BFloat16, EdgeCases) {
  EXPECT_EQ(bfloat16::from_float(INFINITY), 0x7f80);
  EXPECT_EQ(bfloat16::from_float(-INFINITY), 0xff80);
  EXPECT_EQ(bfloat16::from_float(3.4e38f), 0x7f80);                       // above max bf16 + half ulp: inf
  EXPECT_EQ(bfloat16::from_float(bits_to_float(0x7f7f7fffu)), 0x7f7f);    // just below halfway
  const uint16_t nan = bfloat16::from_float(bits_to_float(0x7f800001u));  // payload only in low bits
  EXPECT_TRUE(std::isnan(bfloat16::to_float(nan)));
  EXPECT_EQ(bfloat16::from_float(bits_to_float(0x00018000u)), 0x0002);  // subnormal tie: to even
  EXPECT_EQ(bfloat16::from_float(bits_to_float(0x00008000u)), 0x0000);  // subnormal tie: to even (0)
  for (uint32_t b = 0; b <= 0xffff; ++b) {                              // every bf16 value converts back to itself
    const float f = bfloat16::to_float(static_cast<uint16_t>(b));
    if (std::isnan(f)) continue;
    ASSERT_EQ(bfloat16::from_float(f), b);
  }
}

}  // namespace
}  // namespace ferry
