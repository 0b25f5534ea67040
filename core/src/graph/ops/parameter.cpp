#include "ferry/graph/ops/parameter.hpp"

#include "ferry/graph/port_layout.hpp"

namespace ferry {
namespace op {
namespace v0 {

Parameter::Parameter(const element::Type& element_type, const PartialShape& shape)
    : m_element_type(element_type), m_partial_shape(shape) {
  set_output_size(1);
  constructor_validate_and_infer_types();
}

void Parameter::validate_and_infer_types() { set_output_type(0, m_element_type, m_partial_shape); }

bool Parameter::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("shape", m_partial_shape);
  visitor.on_attribute("element_type", m_element_type);
  return true;
}

std::shared_ptr<Node> Parameter::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.empty(), "clone: a Parameter takes no inputs, got ", inputs.size());
  return std::make_shared<Parameter>(m_element_type, m_partial_shape);
}

Layout Parameter::get_layout() const { return layout::get_layout(output(0)); }

void Parameter::set_layout(const Layout& layout) { layout::set_layout(output(0), layout); }

}  // namespace v0
}  // namespace op
}  // namespace ferry
