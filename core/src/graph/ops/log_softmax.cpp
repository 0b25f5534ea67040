#include "ferry/graph/ops/log_softmax.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/softmax.hpp"

namespace ferry {
namespace op {
namespace v5 {

LogSoftmax::LogSoftmax(const Output<Node>& value, int64_t axis) : Op({value}), m_axis(axis) {
  constructor_validate_and_infer_types();
}

void LogSoftmax::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "input element type must be real, got ", type);
  const PartialShape& shape = get_input_partial_shape(0);
  if (shape.rank().is_static()) {
    const int64_t rank = static_cast<int64_t>(shape.size());
    internal::normalize_axis(*this, m_axis, rank == 0 ? 1 : rank, "axis");
  }
  set_output_type(0, type, shape);
}

bool LogSoftmax::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  return true;
}

std::shared_ptr<Node> LogSoftmax::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<LogSoftmax>(inputs[0], m_axis);
}

bool LogSoftmax::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  const element::Type type = in.get_element_type();
  const Shape shape = in.get_shape();
  const size_t axis = shape.empty() ? 0 : internal::normalize_axis(*this, m_axis, int64_t(shape.size()), "axis");
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, shape);
  if (internal::is_half(type)) {
    std::vector<float> values = internal::to_floats(in), result(values.size());
    reference::log_softmax(values.data(), result.data(), shape, axis);
    internal::from_floats(result, out);
    return true;
  }
  if (type == element::f32) {
    reference::log_softmax(static_cast<const float*>(in.data()), static_cast<float*>(out.data()), shape, axis);
    return true;
  }
  if (type == element::f64) {
    reference::log_softmax(static_cast<const double*>(in.data()), static_cast<double*>(out.data()), shape, axis);
    return true;
  }
  return false;
}

}  // namespace v5
}  // namespace op
}  // namespace ferry
