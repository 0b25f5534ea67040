#include "ferry/graph/ops/shape_of.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace {

void infer_shape_of(Node& node, const element::Type& type) {
  if (node.get_input_size() != 1) node.node_error("expects 1 input, got ", node.get_input_size());
  if (type != element::i32 && type != element::i64) node.node_error("output_type must be i32 or i64, got ", type);
  const PartialShape& in = node.get_input_partial_shape(0);
  node.set_output_type(0, type, PartialShape{in.rank()});
}

void evaluate_shape_of(const Node& node, TensorVector& outputs, const Tensor& input, const element::Type& type) {
  const Shape shape = input.get_shape();
  Tensor& out = internal::prepare_output(node, outputs, 0, type, Shape{shape.size()});
  for (size_t i = 0; i < shape.size(); ++i) {
    if (type == element::i32)
      static_cast<int32_t*>(out.data())[i] = static_cast<int32_t>(shape[i]);
    else
      static_cast<int64_t*>(out.data())[i] = static_cast<int64_t>(shape[i]);
  }
}

}  // namespace

namespace v3 {

ShapeOf::ShapeOf(const Output<Node>& data, const element::Type& output_type) : Op({data}), m_output_type(output_type) {
  constructor_validate_and_infer_types();
}

void ShapeOf::validate_and_infer_types() { infer_shape_of(*this, m_output_type); }

bool ShapeOf::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("output_type", m_output_type);
  return true;
}

std::shared_ptr<Node> ShapeOf::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<ShapeOf>(inputs[0], m_output_type);
}

bool ShapeOf::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  evaluate_shape_of(*this, outputs, inputs.at(0), m_output_type);
  return true;
}

}  // namespace v3

namespace v0 {

ShapeOf::ShapeOf(const Output<Node>& data) : Op({data}) { constructor_validate_and_infer_types(); }

void ShapeOf::validate_and_infer_types() { infer_shape_of(*this, element::i64); }

bool ShapeOf::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> ShapeOf::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<ShapeOf>(inputs[0]);
}

bool ShapeOf::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  evaluate_shape_of(*this, outputs, inputs.at(0), element::i64);
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
