#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ferry/base/bfloat16.hpp"
#include "ferry/base/element_type.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/base/float16.hpp"

namespace ferry {

template <typename T>
struct is_real_element
    : std::integral_constant<bool, std::is_floating_point<T>::value || std::is_same<T, float16>::value ||
                                       std::is_same<T, bfloat16>::value> {};

// A real value converted to integral To: truncated toward zero, clamped to To's range, NaN -> 0.
template <typename To>
To saturate(double value) {
  if (std::isnan(value)) return To(0);
  const double low = static_cast<double>(std::numeric_limits<To>::lowest());
  const double high = static_cast<double>(std::numeric_limits<To>::max());  // may round up: use >=
  if (value <= low) return std::numeric_limits<To>::lowest();
  if (value >= high) return std::numeric_limits<To>::max();
  return static_cast<To>(std::trunc(value));
}

// A real value rounded to the nearest integer (halves away from zero) and clamped into To.
template <typename To>
To saturate_round(double value) {
  return saturate<To>(std::round(value));
}

// One element of storage type From as storage type To, following Convert's rules: boolean
// storage (char) becomes 0/1, reals truncate and saturate into integers, integers wrap into
// narrower integers like C++ conversions.
template <typename To, typename From, bool ToBoolean = false>
To convert_element(From value) {
  if constexpr (ToBoolean) {
    if constexpr (is_real_element<From>::value) {
      return static_cast<To>(static_cast<double>(value) != 0.0);
    } else {
      return static_cast<To>(value != 0);
    }
  } else if constexpr (is_real_element<To>::value) {
    if constexpr (std::is_same<To, float16>::value || std::is_same<To, bfloat16>::value) {
      return To(static_cast<float>(value));
    } else {
      return static_cast<To>(value);
    }
  } else if constexpr (is_real_element<From>::value) {
    return saturate<To>(static_cast<double>(value));
  } else {
    return static_cast<To>(value);
  }
}

namespace element {

template <typename T>
struct Tag {
  using type = T;
};

// Calls f(Tag<S>{}) with S the storage type of `type`, for every type except the packed ones
// (u1, u4, i4) and dynamic/undefined, for which it throws naming `what`.
template <typename F>
decltype(auto) visit_storage(const Type& type, const char* what, F&& f) {
  switch (type.get_type()) {
    case Type_t::boolean:
      return f(Tag<char>{});
    case Type_t::bf16:
      return f(Tag<bfloat16>{});
    case Type_t::f16:
      return f(Tag<float16>{});
    case Type_t::f32:
      return f(Tag<float>{});
    case Type_t::f64:
      return f(Tag<double>{});
    case Type_t::i8:
      return f(Tag<int8_t>{});
    case Type_t::i16:
      return f(Tag<int16_t>{});
    case Type_t::i32:
      return f(Tag<int32_t>{});
    case Type_t::i64:
      return f(Tag<int64_t>{});
    case Type_t::u8:
      return f(Tag<uint8_t>{});
    case Type_t::u16:
      return f(Tag<uint16_t>{});
    case Type_t::u32:
      return f(Tag<uint32_t>{});
    case Type_t::u64:
      return f(Tag<uint64_t>{});
    default:
      break;
  }
  Exception::raise(what, ": element type ", type, " is not supported");
}

}  // namespace element
}  // namespace ferry
