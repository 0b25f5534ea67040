#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

#include "ferry/base/bfloat16.hpp"
#include "ferry/base/float16.hpp"

namespace ferry {
namespace element {

enum class Type_t {
  undefined,
  dynamic,
  boolean,
  bf16,
  f16,
  f32,
  f64,
  i4,
  i8,
  i16,
  i32,
  i64,
  u1,
  u4,
  u8,
  u16,
  u32,
  u64
};

// An element type of a tensor. Names follow OpenVINO IR's spellings ("f32", "boolean", "u1").
class Type {
 public:
  constexpr Type() = default;
  constexpr Type(Type_t t) : m_type(t) {}  // NOLINT: Type_t converts implicitly, like an enum

  // Parses an IR spelling ("f32") or an IR port precision ("FP32", "I64", "BOOL"); throws on
  // an unknown name.
  static Type from_string(const std::string& name);

  constexpr operator Type_t() const { return m_type; }  // NOLINT: usable in switch
  constexpr Type_t get_type() const { return m_type; }

  size_t size() const;              // bytes per element, sub-byte types rounded up to 1; 0 if not static
  size_t bitwidth() const;          // bits per element; 0 if not static
  bool is_real() const;             // f16, bf16, f32, f64
  bool is_integral() const;         // every static type that is not real (boolean included)
  bool is_integral_number() const;  // integral and not boolean
  bool is_signed() const;
  bool is_quantized() const;  // i4, u4, u1 (several elements share a byte)
  constexpr bool is_static() const { return m_type != Type_t::undefined && m_type != Type_t::dynamic; }
  constexpr bool is_dynamic() const { return m_type == Type_t::dynamic; }

  std::string get_type_name() const;  // "f32", "boolean", "dynamic"...
  std::string to_string() const { return get_type_name(); }
  std::string get_precision_name() const;  // the IR <port precision=...> spelling: "FP32", "BOOL"

  // A dynamic type is compatible with everything; static types only with themselves.
  bool compatible(const Type& other) const;
  // dst = the most specific of a and b; false when they are incompatible.
  static bool merge(Type& dst, const Type& a, const Type& b);

  constexpr bool operator==(const Type& other) const { return m_type == other.m_type; }
  constexpr bool operator!=(const Type& other) const { return m_type != other.m_type; }
  constexpr bool operator<(const Type& other) const { return m_type < other.m_type; }

 private:
  Type_t m_type = Type_t::undefined;
};

std::ostream& operator<<(std::ostream& out, const Type& type);

inline constexpr Type undefined(Type_t::undefined);
inline constexpr Type dynamic(Type_t::dynamic);
inline constexpr Type boolean(Type_t::boolean);
inline constexpr Type bf16(Type_t::bf16);
inline constexpr Type f16(Type_t::f16);
inline constexpr Type f32(Type_t::f32);
inline constexpr Type f64(Type_t::f64);
inline constexpr Type i4(Type_t::i4);
inline constexpr Type i8(Type_t::i8);
inline constexpr Type i16(Type_t::i16);
inline constexpr Type i32(Type_t::i32);
inline constexpr Type i64(Type_t::i64);
inline constexpr Type u1(Type_t::u1);
inline constexpr Type u4(Type_t::u4);
inline constexpr Type u8(Type_t::u8);
inline constexpr Type u16(Type_t::u16);
inline constexpr Type u32(Type_t::u32);
inline constexpr Type u64(Type_t::u64);

// The C++ storage type of each element type. Sub-byte types name their storage byte.
template <Type_t>
struct fundamental_type_for;
template <>
struct fundamental_type_for<Type_t::boolean> {
  using type = char;
};
template <>
struct fundamental_type_for<Type_t::bf16> {
  using type = ferry::bfloat16;
};
template <>
struct fundamental_type_for<Type_t::f16> {
  using type = ferry::float16;
};
template <>
struct fundamental_type_for<Type_t::f32> {
  using type = float;
};
template <>
struct fundamental_type_for<Type_t::f64> {
  using type = double;
};
template <>
struct fundamental_type_for<Type_t::i4> {
  using type = int8_t;
};
template <>
struct fundamental_type_for<Type_t::i8> {
  using type = int8_t;
};
template <>
struct fundamental_type_for<Type_t::i16> {
  using type = int16_t;
};
template <>
struct fundamental_type_for<Type_t::i32> {
  using type = int32_t;
};
template <>
struct fundamental_type_for<Type_t::i64> {
  using type = int64_t;
};
template <>
struct fundamental_type_for<Type_t::u1> {
  using type = uint8_t;
};
template <>
struct fundamental_type_for<Type_t::u4> {
  using type = uint8_t;
};
template <>
struct fundamental_type_for<Type_t::u8> {
  using type = uint8_t;
};
template <>
struct fundamental_type_for<Type_t::u16> {
  using type = uint16_t;
};
template <>
struct fundamental_type_for<Type_t::u32> {
  using type = uint32_t;
};
template <>
struct fundamental_type_for<Type_t::u64> {
  using type = uint64_t;
};

template <Type_t T>
using fundamental_type_for_t = typename fundamental_type_for<T>::type;

// The element type of a C++ type: from<float>() == f32. bool and char map to boolean.
template <typename T>
constexpr Type from();
template <>
constexpr Type from<bool>() {
  return boolean;
}
template <>
constexpr Type from<char>() {
  return boolean;
}
template <>
constexpr Type from<ferry::bfloat16>() {
  return bf16;
}
template <>
constexpr Type from<ferry::float16>() {
  return f16;
}
template <>
constexpr Type from<float>() {
  return f32;
}
template <>
constexpr Type from<double>() {
  return f64;
}
template <>
constexpr Type from<int8_t>() {
  return i8;
}
template <>
constexpr Type from<int16_t>() {
  return i16;
}
template <>
constexpr Type from<int32_t>() {
  return i32;
}
template <>
constexpr Type from<int64_t>() {
  return i64;
}
template <>
constexpr Type from<uint8_t>() {
  return u8;
}
template <>
constexpr Type from<uint16_t>() {
  return u16;
}
template <>
constexpr Type from<uint32_t>() {
  return u32;
}
template <>
constexpr Type from<uint64_t>() {
  return u64;
}

}  // namespace element
}  // namespace ferry
