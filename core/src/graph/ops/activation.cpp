#include "ferry/graph/ops/activation.hpp"

#include <cmath>
#include <limits>
#include <type_traits>

#include "core/src/graph/ops/activation_evaluate.hpp"
#include "core/src/graph/reference/activation.hpp"

namespace ferry {
namespace op {
namespace util {

void ActivationBase::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  const element::Type type = get_input_element_type(0);
  if (accepts_integers()) {
    FERRY_NODE_CHECK(type.is_dynamic() || (type.is_static() && type != element::boolean),
                     "input element type must be numeric, got ", type);
  } else {
    FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "input element type must be floating point, got ", type);
  }
  set_output_type(0, type, get_input_partial_shape(0));
}

}  // namespace util

namespace {

template <typename OpT>
std::shared_ptr<Node> clone_unary(const Node& node, const OutputVector& inputs) {
  if (inputs.size() != 1) node.node_error("clone: expects 1 input, got ", inputs.size());
  return std::make_shared<OpT>(inputs[0]);
}

// The integer nearest to `bound` on the side that keeps values inside [min, max], within T.
template <typename T>
T integer_bound(double bound, bool lower) {
  const double rounded = lower ? std::ceil(bound) : std::floor(bound);
  if (rounded <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
  if (rounded >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  return static_cast<T>(rounded);
}

}  // namespace

namespace v4 {

bool HSwish::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::map_elements<false>(*this, outputs, inputs, [](auto x) { return reference::hswish(x); });
}
std::shared_ptr<Node> HSwish::clone_with_new_inputs(const OutputVector& inputs) const {
  return clone_unary<HSwish>(*this, inputs);
}

bool Mish::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::map_elements<false>(*this, outputs, inputs, [](auto x) { return reference::mish(x); });
}
std::shared_ptr<Node> Mish::clone_with_new_inputs(const OutputVector& inputs) const {
  return clone_unary<Mish>(*this, inputs);
}

bool SoftPlus::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::map_elements<false>(*this, outputs, inputs, [](auto x) { return reference::softplus(x); });
}
std::shared_ptr<Node> SoftPlus::clone_with_new_inputs(const OutputVector& inputs) const {
  return clone_unary<SoftPlus>(*this, inputs);
}

}  // namespace v4

namespace v5 {

bool HSigmoid::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::map_elements<false>(*this, outputs, inputs, [](auto x) { return reference::hsigmoid(x); });
}
std::shared_ptr<Node> HSigmoid::clone_with_new_inputs(const OutputVector& inputs) const {
  return clone_unary<HSigmoid>(*this, inputs);
}

}  // namespace v5

namespace v0 {

Elu::Elu(const Output<Node>& data, double alpha) : ActivationBase(data), m_alpha(alpha) {
  constructor_validate_and_infer_types();
}

bool Elu::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("alpha", m_alpha);
  return true;
}

bool Elu::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::map_elements<false>(*this, outputs, inputs, [this](auto x) {
    using T = decltype(x);
    return reference::elu(x, static_cast<T>(m_alpha));
  });
}

std::shared_ptr<Node> Elu::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Elu>(inputs[0], m_alpha);
}

Clamp::Clamp(const Output<Node>& data, double min, double max) : ActivationBase(data), m_min(min), m_max(max) {
  constructor_validate_and_infer_types();
}

void Clamp::validate_and_infer_types() {
  FERRY_NODE_CHECK(!std::isnan(m_min) && !std::isnan(m_max), "attributes 'min' and 'max' must not be NaN");
  FERRY_NODE_CHECK(m_min <= m_max, "attribute 'min' (", m_min, ") must not exceed 'max' (", m_max, ")");
  ActivationBase::validate_and_infer_types();
}

bool Clamp::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("min", m_min);
  visitor.on_attribute("max", m_max);
  return true;
}

bool Clamp::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::map_elements<true>(*this, outputs, inputs, [this](auto x) {
    using T = decltype(x);
    T lo, hi;
    if constexpr (std::is_floating_point<T>::value) {
      lo = static_cast<T>(m_min);
      hi = static_cast<T>(m_max);
    } else {
      lo = integer_bound<T>(m_min, true);
      hi = integer_bound<T>(m_max, false);
    }
    return x < lo ? lo : (x > hi ? hi : x);
  });
}

std::shared_ptr<Node> Clamp::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Clamp>(inputs[0], m_min, m_max);
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
