#include "ferry/graph/ops/one_hot.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v1 {

OneHot::OneHot(const Output<Node>& indices, const Output<Node>& depth, const Output<Node>& on_value,
               const Output<Node>& off_value, int64_t axis)
    : Op({indices, depth, on_value, off_value}), m_axis(axis) {
  constructor_validate_and_infer_types();
}

void OneHot::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 4, "expects 4 inputs, got ", get_input_size());
  for (size_t i : {size_t(0), size_t(1)}) {
    const element::Type type = get_input_element_type(i);
    FERRY_NODE_CHECK(type.is_dynamic() || type.is_integral_number(), "input ", i, i ? " (depth)" : " (indices)",
                     " must be an integer tensor, got ", type);
  }
  static const char* const names[] = {"indices", "depth", "on_value", "off_value"};
  for (size_t i = 1; i < 4; ++i) {
    const PartialShape& shape = get_input_partial_shape(i);
    FERRY_NODE_CHECK(shape.rank().is_dynamic() || shape.size() == 0 || (shape.size() == 1 && shape[0].compatible(1)),
                     "input ", i, " (", names[i], ") must be a scalar, got shape ", shape);
  }
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(2), get_input_element_type(3)), "on_value is ",
                   get_input_element_type(2), ", off_value is ", get_input_element_type(3));
  const PartialShape& indices = get_input_partial_shape(0);
  if (indices.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
  const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(indices.size() + 1), "axis");
  std::vector<int64_t> depth;
  Dimension depth_dim;
  if (internal::constant_integers(*this, 1, depth) && depth.size() == 1) {
    FERRY_NODE_CHECK(depth[0] >= 0, "depth must not be negative, got ", depth[0]);
    depth_dim = depth[0];
  }
  std::vector<Dimension> out(indices.begin(), indices.end());
  out.insert(out.begin() + axis, depth_dim);
  set_output_type(0, type, PartialShape(out));
}

bool OneHot::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  return true;
}

std::shared_ptr<Node> OneHot::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 4, "clone: expects 4 inputs, got ", inputs.size());
  return std::make_shared<OneHot>(inputs[0], inputs[1], inputs[2], inputs[3], m_axis);
}

bool OneHot::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Shape indices_shape = inputs.at(0).get_shape();
  const auto indices = internal::read_integers(*this, inputs[0], "input 0 (indices)");
  const auto depth_values = internal::read_integers(*this, inputs.at(1), "input 1 (depth)");
  if (depth_values.size() != 1 || depth_values[0] < 0) node_error("evaluate: depth must be one non-negative value");
  const Tensor on = internal::dense(inputs.at(2)), off = internal::dense(inputs.at(3));
  const element::Type type = on.get_element_type();
  if (type.is_quantized() || off.get_element_type() != type || on.get_size() != 1 || off.get_size() != 1) return false;
  const size_t depth = size_t(depth_values[0]);
  const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(indices_shape.size() + 1), "axis");
  Shape out_shape = indices_shape;
  out_shape.insert(out_shape.begin() + axis, depth);
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= indices_shape[i];
  for (size_t i = axis; i < indices_shape.size(); ++i) inner *= indices_shape[i];
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  const size_t size = type.size();
  char* p = static_cast<char*>(out.data());
  for (size_t a = 0; a < outer; ++a)
    for (size_t d = 0; d < depth; ++d)
      for (size_t b = 0; b < inner; ++b) {
        const bool hit = indices[a * inner + b] == int64_t(d);
        std::memcpy(p + ((a * depth + d) * inner + b) * size, hit ? on.data() : off.data(), size);
      }
  return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
