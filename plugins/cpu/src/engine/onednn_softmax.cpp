// Softmax of f32 data on oneDNN, along any axis, on plain memory.
#include "ferry/graph/ops/softmax.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {

std::optional<LoweredOp> lower_softmax(const std::shared_ptr<const Node>& node, const LayoutOf&) {
  int64_t axis = 0;
  if (auto v1 = std::dynamic_pointer_cast<const op::v1::Softmax>(node)) {
    axis = v1->get_axis();
  } else if (auto v8 = std::dynamic_pointer_cast<const op::v8::Softmax>(node)) {
    axis = v8->get_axis();
  } else {
    return std::nullopt;
  }
  if (node->get_input_element_type(0) != element::f32 || node->get_input_partial_shape(0).is_dynamic())
    return std::nullopt;
  const Shape& shape = node->get_input_shape(0);
  const auto rank = static_cast<int64_t>(shape.size());
  if (axis < 0) axis += rank;
  if (rank == 0 || axis < 0 || axis >= rank) return std::nullopt;

  const dnnl::memory::desc data = plain_f32(shape);
  const dnnl::softmax_forward::desc description(dnnl::prop_kind::forward_inference, data, static_cast<int>(axis));
  const dnnl::softmax_forward::primitive_desc primitive(description, primitive_attributes(), cpu_engine());
  return lowered_reading(node->input_value(0), dnnl::softmax_forward(primitive), primitive);
}

}  // namespace ferry::cpu::engine
