#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <ostream>

namespace ferry {

// IEEE 754 binary16. Conversions from float round to nearest, ties to even, and keep
// infinities, NaNs (quieted) and subnormals; arithmetic goes through float.
class float16 {
 public:
  float16() = default;
  float16(float value) : m_bits(from_float(value)) {}  // NOLINT: implicit like a built-in type
  operator float() const { return to_float(m_bits); }  // NOLINT

  static float16 from_bits(uint16_t bits) {
    float16 result;
    result.m_bits = bits;
    return result;
  }
  uint16_t to_bits() const { return m_bits; }

  static uint16_t from_float(float value) {
    uint32_t x;
    std::memcpy(&x, &value, sizeof x);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t abs = x & 0x7fffffffu;
    if (abs >= 0x7f800000u) {  // inf or NaN; a NaN keeps its top payload bits and is quieted
      return static_cast<uint16_t>(abs == 0x7f800000u ? sign | 0x7c00u : sign | 0x7e00u | ((abs >> 13) & 0x3ffu));
    }
    if (abs >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // >= 65520 rounds to inf
    if (abs < 0x38800000u) {  // below 2^-14: the result is a half subnormal (or zero)
      if (abs <= 0x33000000u) return static_cast<uint16_t>(sign);  // <= 2^-25 rounds to zero
      const uint32_t exponent = abs >> 23;
      const uint32_t mantissa = (abs & 0x7fffffu) | 0x800000u;
      const uint32_t shift = 126 - exponent;  // units of 2^-24
      uint32_t q = mantissa >> shift;
      const uint32_t rest = mantissa & ((1u << shift) - 1);
      const uint32_t halfway = 1u << (shift - 1);
      if (rest > halfway || (rest == halfway && (q & 1u))) ++q;  // may carry into the normal range
      return static_cast<uint16_t>(sign | q);
    }
    uint32_t h = (abs - (112u << 23)) >> 13;  // rebias exponent 127 -> 15
    const uint32_t rest = abs & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;  // a carry may produce inf: correct
    return static_cast<uint16_t>(sign | h);
  }

  static float to_float(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    uint32_t bits;
    if (exponent == 0x1f) {
      bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent == 0) {
      if (mantissa == 0) {
        bits = sign;
      } else {  // subnormal: normalize into a float normal
        uint32_t e = 113;
        while (!(mantissa & 0x400u)) {
          mantissa <<= 1;
          --e;
        }
        bits = sign | (e << 23) | ((mantissa & 0x3ffu) << 13);
      }
    } else {
      bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    }
    float result;
    std::memcpy(&result, &bits, sizeof result);
    return result;
  }

 private:
  uint16_t m_bits = 0;
};

inline std::ostream& operator<<(std::ostream& out, float16 value) { return out << static_cast<float>(value); }

}  // namespace ferry

namespace std {
template <>
class numeric_limits<ferry::float16> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static ferry::float16 lowest() { return ferry::float16::from_bits(0xfbff); }
  static ferry::float16 max() { return ferry::float16::from_bits(0x7bff); }
  static ferry::float16 min() { return ferry::float16::from_bits(0x0400); }
  static ferry::float16 denorm_min() { return ferry::float16::from_bits(0x0001); }
  static ferry::float16 epsilon() { return ferry::float16::from_bits(0x1400); }
  static ferry::float16 infinity() { return ferry::float16::from_bits(0x7c00); }
  static ferry::float16 quiet_NaN() { return ferry::float16::from_bits(0x7e00); }
};
}  // namespace std
