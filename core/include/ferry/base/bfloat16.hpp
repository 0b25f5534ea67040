#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <ostream>

namespace ferry {

// bfloat16: the top half of an IEEE binary32. Conversion from float rounds to nearest, ties
// to even; NaNs stay NaN (quieted) and subnormals round like any other value.
class bfloat16 {
 public:
  bfloat16() = default;
  bfloat16(float value) : m_bits(from_float(value)) {}  // NOLINT: implicit like a built-in type
  operator float() const { return to_float(m_bits); }   // NOLINT

  static bfloat16 from_bits(uint16_t bits) {
    bfloat16 result;
    result.m_bits = bits;
    return result;
  }
  uint16_t to_bits() const { return m_bits; }

  static uint16_t from_float(float value) {
    uint32_t x;
    std::memcpy(&x, &value, sizeof x);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
    // Adding 0x7fff (+1 when the kept lsb is odd) rounds half to even; overflow reaches inf.
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
  }

  static float to_float(uint16_t b) {
    const uint32_t bits = static_cast<uint32_t>(b) << 16;
    float result;
    std::memcpy(&result, &bits, sizeof result);
    return result;
  }

 private:
  uint16_t m_bits = 0;
};

inline std::ostream& operator<<(std::ostream& out, bfloat16 value) { return out << static_cast<float>(value); }

}  // namespace ferry

namespace std {
template <>
class numeric_limits<ferry::bfloat16> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static ferry::bfloat16 lowest() { return ferry::bfloat16::from_bits(0xff7f); }
  static ferry::bfloat16 max() { return ferry::bfloat16::from_bits(0x7f7f); }
  static ferry::bfloat16 min() { return ferry::bfloat16::from_bits(0x0080); }
  static ferry::bfloat16 epsilon() { return ferry::bfloat16::from_bits(0x3c00); }
  static ferry::bfloat16 infinity() { return ferry::bfloat16::from_bits(0x7f80); }
  static ferry::bfloat16 quiet_NaN() { return ferry::bfloat16::from_bits(0x7fc0); }
};
}  // namespace std
