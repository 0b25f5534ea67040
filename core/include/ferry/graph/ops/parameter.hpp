#pragma once

#include "ferry/base/layout.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// A model input. IR attributes: "shape", "element_type".
class Parameter : public Op {
 public:
  FERRY_OP("Parameter", "opset1")
  Parameter() = default;
  Parameter(const element::Type& element_type, const PartialShape& shape);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

  const PartialShape& get_partial_shape() const { return m_partial_shape; }
  void set_partial_shape(const PartialShape& shape) { m_partial_shape = shape; }
  const element::Type& get_element_type() const { return m_element_type; }
  void set_element_type(const element::Type& type) { m_element_type = type; }
  // The input's layout (layout::set_layout / get_layout on output 0).
  Layout get_layout() const;
  void set_layout(const Layout& layout);

 private:
  element::Type m_element_type = element::dynamic;
  PartialShape m_partial_shape = PartialShape::dynamic();
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
