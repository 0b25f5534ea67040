#include "ferry/graph/ops/binary_elementwise.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "core/src/graph/ops/binary_broadcast_util.hpp"
#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/broadcast.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

using Kind = BinaryElementwiseArithmetic::Kind;

template <typename T>
T integer_divide(T a, T b, bool python_division) {
  if constexpr (std::is_signed<T>::value) {
    if (b == T(-1) && a == std::numeric_limits<T>::lowest()) return a;  // wraps, as two's complement
  }
  T q = static_cast<T>(a / b);
  if constexpr (std::is_signed<T>::value) {
    if (python_division && (a % b != 0) && ((a < 0) != (b < 0))) --q;  // floor instead of truncate
  }
  return q;
}

// Integer +, -, * wrap around like two's complement (signed overflow would be undefined in C++).
template <typename T, typename F>
T wrapping(T x, T y, F op) {
  if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<decltype(+x)>;  // at least unsigned int: no promotion back to int
    return static_cast<T>(op(static_cast<U>(x), static_cast<U>(y)));
  } else {
    return op(x, y);
  }
}

template <typename T>
T integer_power(T base, T exponent) {
  if constexpr (std::is_signed<T>::value) {
    if (exponent < 0) {  // |base| > 1 gives a fraction that truncates to 0
      if (base == T(1)) return T(1);
      if (base == T(-1)) return (exponent % 2 == 0) ? T(1) : T(-1);
      return T(0);
    }
  }
  T result = T(1);
  for (T e = exponent, b = base; e > 0; e /= 2) {
    if (e % 2 == 1) result = wrapping(result, b, [](auto p, auto q) { return p * q; });
    b = wrapping(b, b, [](auto p, auto q) { return p * q; });
  }
  return result;
}

// The remainder of x / y with the sign of x (truncated) or, when `floored`, of y.
template <typename T>
T remainder(const Node& node, T x, T y, bool floored) {
  T r;
  if constexpr (std::is_floating_point<T>::value) {
    r = std::fmod(x, y);
  } else {
    if (y == 0) node.node_error("integer division by zero");
    if constexpr (std::is_signed<T>::value) {
      if (y == T(-1)) return T(0);  // lowest % -1 would overflow
    }
    r = static_cast<T>(x % y);
  }
  if (floored && r != T(0) && ((r < T(0)) != (y < T(0)))) r = static_cast<T>(r + y);
  return r;
}

template <typename T>
T shift(T x, T y, bool left) {
  constexpr T bits = static_cast<T>(sizeof(T) * 8);
  if (y < T(0) || y >= bits) return left || !(x < T(0)) ? T(0) : static_cast<T>(-1);
  using U = std::make_unsigned_t<decltype(+x)>;
  if (left) return static_cast<T>(static_cast<U>(x) << y);
  return static_cast<T>(x >> y);  // arithmetic for signed (C++20 semantics, what gcc/clang do)
}

template <typename T>
void run_kernel(Kind kind, bool python_division, const Node& node, const T* a, const Shape& as, const T* b,
                const Shape& bs, T* out, const Shape& os) {
  switch (kind) {
    case Kind::ADD:
      return reference::broadcast_binary(a, as, b, bs, out, os,
                                         [](T x, T y) { return wrapping(x, y, [](auto p, auto q) { return p + q; }); });
    case Kind::SUBTRACT:
      return reference::broadcast_binary(a, as, b, bs, out, os,
                                         [](T x, T y) { return wrapping(x, y, [](auto p, auto q) { return p - q; }); });
    case Kind::MULTIPLY:
      return reference::broadcast_binary(a, as, b, bs, out, os,
                                         [](T x, T y) { return wrapping(x, y, [](auto p, auto q) { return p * q; }); });
    case Kind::MAXIMUM:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return std::max(x, y); });
    case Kind::MINIMUM:
      return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return std::min(x, y); });
    case Kind::POWER:
      if constexpr (std::is_floating_point<T>::value) {
        return reference::broadcast_binary(a, as, b, bs, out, os,
                                           [](T x, T y) { return static_cast<T>(std::pow(double(x), double(y))); });
      } else {
        return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return integer_power(x, y); });
      }
    case Kind::MOD:
      return reference::broadcast_binary(a, as, b, bs, out, os, [&](T x, T y) { return remainder(node, x, y, false); });
    case Kind::FLOOR_MOD:
      return reference::broadcast_binary(a, as, b, bs, out, os, [&](T x, T y) { return remainder(node, x, y, true); });
    case Kind::LEFT_SHIFT:
    case Kind::RIGHT_SHIFT:
      if constexpr (std::is_integral<T>::value) {
        const bool left = kind == Kind::LEFT_SHIFT;
        return reference::broadcast_binary(a, as, b, bs, out, os, [left](T x, T y) { return shift(x, y, left); });
      } else {
        node.node_error("bitwise shifts need integer inputs");
        return;
      }
    case Kind::DIVIDE:
      if constexpr (std::is_floating_point<T>::value) {
        return reference::broadcast_binary(a, as, b, bs, out, os, [](T x, T y) { return x / y; });
      } else {
        return reference::broadcast_binary(a, as, b, bs, out, os, [&](T x, T y) {
          if (y == 0) node.node_error("integer division by zero");
          return integer_divide(x, y, python_division);
        });
      }
  }
}

}  // namespace

BinaryElementwiseArithmetic::BinaryElementwiseArithmetic(const Output<Node>& a, const Output<Node>& b,
                                                         const AutoBroadcastSpec& autob)
    : Op({a, b}), m_autob(autob) {}

void BinaryElementwiseArithmetic::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(0), get_input_element_type(1)),
                   "input element types do not match: ", get_input_element_type(0), " and ", get_input_element_type(1));
  FERRY_NODE_CHECK(type != element::boolean, "arithmetic on boolean inputs is not allowed");
  FERRY_NODE_CHECK(!integers_only() || type.is_dynamic() || type.is_integral_number(),
                   "input element type must be an integer type, got ", type);
  set_output_type(0, type, internal::infer_binary_broadcast(*this, m_autob));
}

bool BinaryElementwiseArithmetic::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_auto_broadcast("auto_broadcast", m_autob);
  return true;
}

bool BinaryElementwiseArithmetic::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor a = internal::dense(inputs.at(0)), b = internal::dense(inputs.at(1));
  const element::Type type = a.get_element_type();
  if (b.get_element_type() != type) node_error("evaluate: input tensors are ", type, " and ", b.get_element_type());
  Shape b_shape = b.get_shape();
  const Shape out_shape = internal::evaluate_binary_broadcast(*this, m_autob, a.get_shape(), b_shape);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  const Kind kind = get_kind();
  const bool pydiv = python_division();
  if (internal::is_half(type)) {
    const std::vector<float> x = internal::to_floats(a), y = internal::to_floats(b);
    std::vector<float> z(shape_size(out_shape));
    run_kernel<float>(kind, pydiv, *this, x.data(), a.get_shape(), y.data(), b_shape, z.data(), out_shape);
    internal::from_floats(z, out);
    return true;
  }
  switch (type.get_type()) {
#define FERRY_CASE(TYPE, CPP)                                                                              \
  case element::Type_t::TYPE:                                                                              \
    run_kernel<CPP>(kind, pydiv, *this, static_cast<const CPP*>(a.data()), a.get_shape(),                  \
                    static_cast<const CPP*>(b.data()), b_shape, static_cast<CPP*>(out.data()), out_shape); \
    return true;
    FERRY_CASE(f32, float)
    FERRY_CASE(f64, double)
    FERRY_CASE(i8, int8_t)
    FERRY_CASE(i16, int16_t)
    FERRY_CASE(i32, int32_t)
    FERRY_CASE(i64, int64_t)
    FERRY_CASE(u8, uint8_t)
    FERRY_CASE(u16, uint16_t)
    FERRY_CASE(u32, uint32_t)
    FERRY_CASE(u64, uint64_t)
#undef FERRY_CASE
    default:
      return false;
  }
}

}  // namespace util

namespace v1 {

#define FERRY_BINARY_CLONE(CLASS)                                                         \
  std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& inputs) const {  \
    FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size()); \
    return std::make_shared<CLASS>(inputs[0], inputs[1], get_autob());                    \
  }
FERRY_BINARY_CLONE(Add)
FERRY_BINARY_CLONE(Subtract)
FERRY_BINARY_CLONE(Multiply)
FERRY_BINARY_CLONE(Maximum)
FERRY_BINARY_CLONE(Minimum)
FERRY_BINARY_CLONE(Power)
FERRY_BINARY_CLONE(Mod)
FERRY_BINARY_CLONE(FloorMod)

Divide::Divide(const Output<Node>& a, const Output<Node>& b, const AutoBroadcastSpec& autob)
    : BinaryElementwiseArithmetic(a, b, autob) {
  constructor_validate_and_infer_types();
}

Divide::Divide(const Output<Node>& a, const Output<Node>& b, bool pythondiv, const AutoBroadcastSpec& autob)
    : BinaryElementwiseArithmetic(a, b, autob), m_pythondiv(pythondiv) {
  constructor_validate_and_infer_types();
}

bool Divide::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("m_pythondiv", m_pythondiv);
  return BinaryElementwiseArithmetic::visit_attributes(visitor);
}

std::shared_ptr<Node> Divide::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Divide>(inputs[0], inputs[1], m_pythondiv, get_autob());
}

}  // namespace v1

namespace v15 {
FERRY_BINARY_CLONE(BitwiseLeftShift)
FERRY_BINARY_CLONE(BitwiseRightShift)
}  // namespace v15
#undef FERRY_BINARY_CLONE

}  // namespace op
}  // namespace ferry
