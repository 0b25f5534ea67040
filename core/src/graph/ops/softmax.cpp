#include "ferry/graph/ops/softmax.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/softmax.hpp"

namespace ferry {
namespace op {
namespace {

void infer_softmax(Node& node, int64_t axis, bool allow_negative) {
  FERRY_ASSERT(node.get_input_size() == 1, node.describe(), ": expects 1 input, got ", node.get_input_size());
  const element::Type type = node.get_input_element_type(0);
  if (!(type.is_dynamic() || type.is_real())) node.node_error("input element type must be real, got ", type);
  const PartialShape& shape = node.get_input_partial_shape(0);
  if (!allow_negative && axis < 0) node.node_error("axis ", axis, " must be non-negative in Softmax-1");
  if (shape.rank().is_static()) {
    const int64_t rank = static_cast<int64_t>(shape.size());
    internal::normalize_axis(node, axis, rank == 0 ? 1 : rank, "axis");
  }
  node.set_output_type(0, type, shape);
}

bool evaluate_softmax(const Node& node, int64_t axis, TensorVector& outputs, const TensorVector& inputs) {
  const Tensor in = internal::dense(inputs.at(0));
  const element::Type type = in.get_element_type();
  const Shape shape = in.get_shape();
  const size_t a = shape.empty() ? 0 : internal::normalize_axis(node, axis, int64_t(shape.size()), "axis");
  Tensor& out = internal::prepare_output(node, outputs, 0, type, shape);
  if (internal::is_half(type)) {
    std::vector<float> values = internal::to_floats(in), result(values.size());
    reference::softmax(values.data(), result.data(), shape, a);
    internal::from_floats(result, out);
    return true;
  }
  if (type == element::f32) {
    reference::softmax(static_cast<const float*>(in.data()), static_cast<float*>(out.data()), shape, a);
    return true;
  }
  if (type == element::f64) {
    reference::softmax(static_cast<const double*>(in.data()), static_cast<double*>(out.data()), shape, a);
    return true;
  }
  return false;
}

}  // namespace

namespace v1 {

Softmax::Softmax(const Output<Node>& value, int64_t axis) : Op({value}), m_axis(axis) {
  constructor_validate_and_infer_types();
}
void Softmax::validate_and_infer_types() { infer_softmax(*this, m_axis, false); }
bool Softmax::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  return true;
}
std::shared_ptr<Node> Softmax::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Softmax>(inputs[0], m_axis);
}
bool Softmax::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return evaluate_softmax(*this, m_axis, outputs, inputs);
}

}  // namespace v1

namespace v8 {

Softmax::Softmax(const Output<Node>& value, int64_t axis) : Op({value}), m_axis(axis) {
  constructor_validate_and_infer_types();
}
void Softmax::validate_and_infer_types() { infer_softmax(*this, m_axis, true); }
bool Softmax::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  return true;
}
std::shared_ptr<Node> Softmax::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Softmax>(inputs[0], m_axis);
}
bool Softmax::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return evaluate_softmax(*this, m_axis, outputs, inputs);
}

}  // namespace v8
}  // namespace op
}  // namespace ferry
