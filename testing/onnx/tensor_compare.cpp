#include "tensor_compare.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

template <typename T>
T load(const Tensor& tensor, size_t index) {
  T value;
  std::memcpy(&value, static_cast<const char*>(tensor.data()) + index * sizeof(T), sizeof(T));
  return value;
}

float f32_from_bits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

double f16_to_double(uint16_t bits) {
  const int sign = bits >> 15 ? -1 : 1;
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  if (exponent == 0) return sign * std::ldexp(static_cast<double>(mantissa), -24);  // zero, subnormal
  if (exponent == 31) return mantissa ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(static_cast<double>(mantissa | 0x400), exponent - 25);
}

bool values_match(double got, double expected, bool real, const Tolerance& tolerance) {
  if (!real) return got == expected;
  if (std::isnan(expected) || std::isnan(got)) return std::isnan(expected) && std::isnan(got);
  if (std::isinf(expected) || std::isinf(got)) return got == expected;
  return std::fabs(got - expected) <= tolerance.atol + tolerance.rtol * std::fabs(expected);
}

std::string format_value(double value, bool real) {
  std::ostringstream text;
  if (real) {
    text.precision(9);
    text << value;
  } else {
    text << static_cast<long long>(value);  // exact for every integer a test holds below 2^53
  }
  return text.str();
}

}  // namespace

double element_as_double(const Tensor& tensor, size_t index) {
  switch (tensor.get_element_type()) {
    case element::Type_t::f32:
      return load<float>(tensor, index);
    case element::Type_t::f64:
      return load<double>(tensor, index);
    case element::Type_t::f16:
      return f16_to_double(load<uint16_t>(tensor, index));
    case element::Type_t::bf16:
      return f32_from_bits(static_cast<uint32_t>(load<uint16_t>(tensor, index)) << 16);
    case element::Type_t::i8:
      return load<int8_t>(tensor, index);
    case element::Type_t::i16:
      return load<int16_t>(tensor, index);
    case element::Type_t::i32:
      return load<int32_t>(tensor, index);
    case element::Type_t::i64:
      return static_cast<double>(load<int64_t>(tensor, index));
    case element::Type_t::u8:
      return load<uint8_t>(tensor, index);
    case element::Type_t::u16:
      return load<uint16_t>(tensor, index);
    case element::Type_t::u32:
      return load<uint32_t>(tensor, index);
    case element::Type_t::u64:
      return static_cast<double>(load<uint64_t>(tensor, index));
    case element::Type_t::boolean:
      return load<uint8_t>(tensor, index) != 0;
    default:
      break;
  }
  Exception::raise("cannot compare elements of type ", tensor.get_element_type());
}

std::optional<std::string> compare_tensors(const std::string& name, const Tensor& got, const Tensor& expected,
                                           const Tolerance& tolerance) {
  std::ostringstream problem;
  if (got.get_element_type() != expected.get_element_type()) {
    problem << "output '" << name << "': element type " << got.get_element_type() << ", expected "
            << expected.get_element_type();
    return problem.str();
  }
  if (got.get_shape() != expected.get_shape()) {
    problem << "output '" << name << "': shape " << got.get_shape() << ", expected " << expected.get_shape();
    return problem.str();
  }
  const auto type = expected.get_element_type();
  // 64-bit integers compared as integers: doubles lose their low bits.
  const bool wide = type == element::i64 || type == element::u64;
  const bool real = type.is_real();
  size_t differing = 0, first = 0;
  for (size_t i = 0; i < expected.get_size(); ++i) {
    bool same;
    if (wide)
      same = load<uint64_t>(got, i) == load<uint64_t>(expected, i);
    else
      same = values_match(element_as_double(got, i), element_as_double(expected, i), real, tolerance);
    if (!same && differing++ == 0) first = i;
  }
  if (differing == 0) return std::nullopt;
  problem << "output '" << name << "': element " << first << " is ";
  if (wide && type == element::i64)
    problem << load<int64_t>(got, first) << ", expected " << load<int64_t>(expected, first);
  else if (wide)
    problem << load<uint64_t>(got, first) << ", expected " << load<uint64_t>(expected, first);
  else
    problem << format_value(element_as_double(got, first), real) << ", expected "
            << format_value(element_as_double(expected, first), real);
  problem << " (" << differing << " of " << expected.get_size() << " elements differ)";
  return problem.str();
}

}  // namespace onnx_backend
}  // namespace ferry
