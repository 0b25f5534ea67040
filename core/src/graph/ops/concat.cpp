#include "ferry/graph/ops/concat.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/data_movement.hpp"

namespace ferry {
namespace op {
namespace v0 {

Concat::Concat(const OutputVector& values, int64_t axis) : Op(values), m_axis(axis) {
  constructor_validate_and_infer_types();
}

void Concat::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() >= 1, "expects at least 1 input");
  element::Type type = element::dynamic;
  PartialShape out = PartialShape::dynamic();
  Dimension axis_length(0);
  bool axis_known = false;
  for (size_t i = 0; i < get_input_size(); ++i) {
    FERRY_NODE_CHECK(element::Type::merge(type, type, get_input_element_type(i)), "input ", i, " is ",
                     get_input_element_type(i), ", earlier inputs are ", type);
    PartialShape shape = get_input_partial_shape(i);
    if (shape.rank().is_dynamic()) {
      axis_length = axis_length + Dimension();  // adds an unknown length
      continue;
    }
    const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(shape.size()), "axis");
    axis_length = axis_length + shape[axis];
    axis_known = true;
    shape[axis] = Dimension();  // compare only the other axes
    FERRY_NODE_CHECK(PartialShape::merge_into(out, shape), "input ", i, " shape ", get_input_partial_shape(i),
                     " does not match the other inputs outside axis ", m_axis, " (", out, ")");
  }
  if (axis_known) {
    const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(out.size()), "axis");
    out[axis] = axis_length;
  }
  set_output_type(0, type, out);
}

bool Concat::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  return true;
}

std::shared_ptr<Node> Concat::clone_with_new_inputs(const OutputVector& inputs) const {
  return std::make_shared<Concat>(inputs, m_axis);
}

bool Concat::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.empty()) node_error("evaluate: no inputs");
  std::vector<Tensor> dense_inputs;
  std::vector<const char*> data;
  std::vector<Shape> shapes;
  const element::Type type = inputs[0].get_element_type();
  if (type.is_quantized()) return false;
  Shape out_shape = inputs[0].get_shape();
  const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(out_shape.size()), "axis");
  out_shape[axis] = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    dense_inputs.push_back(internal::dense(inputs[i]));
    const Shape shape = dense_inputs.back().get_shape();
    bool fits = shape.size() == out_shape.size() && dense_inputs.back().get_element_type() == type;
    for (size_t k = 0; fits && k < shape.size(); ++k) fits = k == axis || shape[k] == out_shape[k];
    if (!fits)
      node_error("evaluate: input ", i, " (", dense_inputs.back().get_element_type(), " ", shape,
                 ") does not fit input 0 (", type, " ", inputs[0].get_shape(), ")");
    out_shape[axis] += shape[axis];
    data.push_back(static_cast<const char*>(dense_inputs.back().data()));
    shapes.push_back(shape);
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  reference::concat(data, shapes, static_cast<char*>(out.data()), out_shape, axis, type.size());
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
