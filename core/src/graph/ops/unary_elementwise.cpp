#include "ferry/graph/ops/unary_elementwise.hpp"

#include <cmath>
#include <type_traits>

#include "core/src/graph/ops/activation_evaluate.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

using Kind = UnaryElementwise::Kind;

// Integer inputs compute in double and round to nearest, as the result of the real function.
template <typename T>
T apply(Kind kind, T x) {
  switch (kind) {
    case Kind::RELU:
      return x > T(0) ? x : T(0);
    case Kind::SIGMOID:
      if constexpr (std::is_floating_point<T>::value) {
        return T(1) / (T(1) + std::exp(-x));
      } else {
        return static_cast<T>(std::round(1.0 / (1.0 + std::exp(-static_cast<double>(x)))));
      }
    case Kind::TANH:
      if constexpr (std::is_floating_point<T>::value) {
        return std::tanh(x);
      } else {
        return static_cast<T>(std::round(std::tanh(static_cast<double>(x))));
      }
    case Kind::EXP:
      if constexpr (std::is_floating_point<T>::value) {
        return std::exp(x);
      } else {
        return saturate_round<T>(std::exp(static_cast<double>(x)));
      }
  }
  return x;
}

}  // namespace

void UnaryElementwise::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || (type.is_static() && type != element::boolean),
                   "input element type must be numeric, got ", type);
  set_output_type(0, type, get_input_partial_shape(0));
}

bool UnaryElementwise::visit_attributes(AttributeVisitor&) { return true; }

bool UnaryElementwise::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Kind kind = get_kind();
  return internal::map_elements<true>(*this, outputs, inputs, [kind](auto x) { return apply(kind, x); });
}

}  // namespace util

namespace v0 {

#define FERRY_UNARY_CLONE(CLASS)                                                         \
  std::shared_ptr<Node> CLASS::clone_with_new_inputs(const OutputVector& inputs) const { \
    FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size()); \
    return std::make_shared<CLASS>(inputs[0]);                                           \
  }
FERRY_UNARY_CLONE(Relu)
FERRY_UNARY_CLONE(Sigmoid)
FERRY_UNARY_CLONE(Tanh)
FERRY_UNARY_CLONE(Exp)
#undef FERRY_UNARY_CLONE

}  // namespace v0
}  // namespace op
}  // namespace ferry
