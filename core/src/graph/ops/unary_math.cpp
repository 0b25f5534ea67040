#include "ferry/graph/ops/unary_math.hpp"

#include <cmath>
#include <type_traits>

#include "core/src/graph/ops/activation_evaluate.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

using Kind = UnaryMath::Kind;

// The real-valued functions, in double so f32 results are correctly rounded.
double real_function(Kind kind, double x) {
  switch (kind) {
    case Kind::ERF:
      return std::erf(x);
    case Kind::GELU_ERF:
      return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
    case Kind::GELU_TANH: {
      const double k = std::sqrt(2.0 / M_PI);
      return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
    }
    case Kind::SQRT:
      return std::sqrt(x);
    case Kind::LOG:
      return std::log(x);
    case Kind::FLOOR:
      return std::floor(x);
    case Kind::CEILING:
      return std::ceil(x);
    case Kind::ROUND_EVEN:
      return std::nearbyint(x);  // default FE_TONEAREST: ties to even
    case Kind::ROUND_AWAY:
      return std::round(x);
    case Kind::SIN:
      return std::sin(x);
    case Kind::COS:
      return std::cos(x);
    case Kind::TAN:
      return std::tan(x);
    case Kind::ASIN:
      return std::asin(x);
    case Kind::ACOS:
      return std::acos(x);
    case Kind::ATAN:
      return std::atan(x);
    case Kind::SINH:
      return std::sinh(x);
    case Kind::COSH:
      return std::cosh(x);
    case Kind::ASINH:
      return std::asinh(x);
    case Kind::ACOSH:
      return std::acosh(x);
    case Kind::ATANH:
      return std::atanh(x);
    case Kind::SOFTSIGN:
      return x / (1.0 + std::fabs(x));
    default:
      return x;
  }
}

// Abs, Negative and Sign are exact on every type; unsigned negation wraps like two's complement.
// Rounding functions are the identity on integers; the others round the real result.
template <typename T>
T apply(Kind kind, T x) {
  switch (kind) {
    case Kind::ABS:
      if constexpr (std::is_unsigned<T>::value) {
        return x;
      } else if constexpr (std::is_integral<T>::value) {
        // Negate through the unsigned type: abs(INT_MIN) wraps to INT_MIN instead of overflowing.
        using U = std::make_unsigned_t<decltype(+x)>;
        return x < T(0) ? static_cast<T>(U(0) - static_cast<U>(x)) : x;
      } else {
        return x < T(0) ? static_cast<T>(-x) : x;
      }
    case Kind::NEGATIVE:
      if constexpr (std::is_integral<T>::value) {
        using U = std::make_unsigned_t<decltype(+x)>;
        return static_cast<T>(U(0) - static_cast<U>(x));
      } else {
        return -x;
      }
    case Kind::SIGN:
      if constexpr (std::is_floating_point<T>::value) {
        if (std::isnan(x)) return x;
      }
      return x > T(0) ? T(1) : (x < T(0) ? static_cast<T>(-1) : T(0));
    default:
      break;
  }
  if constexpr (std::is_floating_point<T>::value) {
    return static_cast<T>(real_function(kind, static_cast<double>(x)));
  } else {
    if (kind == Kind::FLOOR || kind == Kind::CEILING || kind == Kind::ROUND_EVEN || kind == Kind::ROUND_AWAY) return x;
    return saturate_round<T>(real_function(kind, static_cast<double>(x)));
  }
}

}  // namespace

void UnaryMath::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  const element::Type type = get_input_element_type(0);
  if (reals_only()) {
    FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "input element type must be f16, bf16, f32 or f64, got ",
                     type);
  } else {
    FERRY_NODE_CHECK(type.is_dynamic() || (type.is_static() && type != element::boolean),
                     "input element type must be numeric, got ", type);
  }
  set_output_type(0, type, get_input_partial_shape(0));
}

bool UnaryMath::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Kind kind = get_kind();
  return internal::map_elements<true>(*this, outputs, inputs, [kind](auto x) { return apply(kind, x); });
}

}  // namespace util

namespace v0 {

#define FERRY_UNARY_MATH_CLONE(CLASS)                                                    \
  std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& inputs) const { \
    FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size()); \
    return std::make_shared<CLASS>(inputs[0]);                                           \
  }
FERRY_UNARY_MATH_CLONE(Erf)
FERRY_UNARY_MATH_CLONE(Sqrt)
FERRY_UNARY_MATH_CLONE(Log)
FERRY_UNARY_MATH_CLONE(Abs)
FERRY_UNARY_MATH_CLONE(Negative)
FERRY_UNARY_MATH_CLONE(Floor)
FERRY_UNARY_MATH_CLONE(Ceiling)
FERRY_UNARY_MATH_CLONE(Sign)
FERRY_UNARY_MATH_CLONE(Sin)
FERRY_UNARY_MATH_CLONE(Cos)
FERRY_UNARY_MATH_CLONE(Tan)
FERRY_UNARY_MATH_CLONE(Asin)
FERRY_UNARY_MATH_CLONE(Acos)
FERRY_UNARY_MATH_CLONE(Atan)
FERRY_UNARY_MATH_CLONE(Sinh)
FERRY_UNARY_MATH_CLONE(Cosh)

}  // namespace v0

namespace v3 {
FERRY_UNARY_MATH_CLONE(Asinh)
FERRY_UNARY_MATH_CLONE(Acosh)
FERRY_UNARY_MATH_CLONE(Atanh)
}  // namespace v3

namespace v9 {
FERRY_UNARY_MATH_CLONE(SoftSign)
}  // namespace v9
#undef FERRY_UNARY_MATH_CLONE

namespace v7 {

Gelu::Gelu(const Output<Node>& value, GeluApproximationMode mode) : UnaryMath(value), m_mode(mode) {
  constructor_validate_and_infer_types();
}

bool Gelu::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_enum("approximation_mode", m_mode);
  return true;
}

std::shared_ptr<Node> Gelu::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Gelu>(inputs[0], m_mode);
}

}  // namespace v7

namespace v5 {

Round::Round(const Output<Node>& value, RoundMode mode) : UnaryMath(value), m_mode(mode) {
  constructor_validate_and_infer_types();
}

bool Round::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_enum("mode", m_mode);
  return true;
}

std::shared_ptr<Node> Round::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Round>(inputs[0], m_mode);
}

}  // namespace v5
}  // namespace op
}  // namespace ferry
