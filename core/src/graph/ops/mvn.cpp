#include "ferry/graph/ops/mvn.hpp"

#include "core/src/graph/ops/axes_normalization.hpp"
#include "core/src/graph/reference/normalization.hpp"

namespace ferry {
namespace op {
namespace v6 {

MVN::MVN(const Output<Node>& data, const Output<Node>& axes, bool normalize_variance, float eps, MVNEpsMode eps_mode)
    : Op({data, axes}), m_normalize_variance(normalize_variance), m_eps(eps), m_eps_mode(eps_mode) {
  constructor_validate_and_infer_types();
}

void MVN::validate_and_infer_types() {
  internal::check_normalization_inputs(*this);
  FERRY_NODE_CHECK(m_eps >= 0, "eps must not be negative, got ", m_eps);
  set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

bool MVN::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("normalize_variance", m_normalize_variance);
  visitor.on_attribute("eps", m_eps);
  visitor.on_enum("eps_mode", m_eps_mode);
  return true;
}

std::shared_ptr<Node> MVN::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<MVN>(inputs[0], inputs[1], m_normalize_variance, static_cast<float>(m_eps), m_eps_mode);
}

bool MVN::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Shape shape = inputs.at(0).get_shape();
  const auto reduced = internal::reduced_flags(*this, inputs.at(1), shape.size());
  const bool inside = m_eps_mode == MVNEpsMode::INSIDE_SQRT;
  return internal::evaluate_real(*this, outputs, inputs.at(0), [&](const auto* in, auto* out) {
    reference::mvn(in, out, shape, reduced, m_normalize_variance, m_eps, inside);
  });
}

}  // namespace v6
}  // namespace op
}  // namespace ferry
