// MVN over the innermost axis (a transformer's LayerNorm before its scale and shift) of f32 data
// on oneDNN's layer normalization, on plain memory.
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/mvn.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {

std::optional<LoweredOp> lower_layer_norm(const std::shared_ptr<const Node>& node, const LayoutOf&) {
  auto mvn = std::dynamic_pointer_cast<const op::v6::MVN>(node);
  // oneDNN divides by sqrt(variance + eps): MVN's INSIDE_SQRT.
  if (!mvn || !mvn->get_normalize_variance() || mvn->get_eps_mode() != op::MVNEpsMode::INSIDE_SQRT ||
      node->get_input_element_type(0) != element::f32 || node->get_input_partial_shape(0).is_dynamic())
    return std::nullopt;
  const Shape& shape = node->get_input_shape(0);
  auto axes = std::dynamic_pointer_cast<const op::v0::Constant>(node->get_input_node_shared_ptr(1));
  if (shape.size() < 2 || shape.size() > 5 || !axes) return std::nullopt;
  const std::vector<int64_t> normalized = axes->cast_vector<int64_t>();
  const auto last = static_cast<int64_t>(shape.size()) - 1;
  if (normalized.size() != 1 || (normalized[0] != last && normalized[0] != -1)) return std::nullopt;

  const dnnl::memory::desc data = plain_f32(shape);
  const dnnl::layer_normalization_forward::desc description(
      dnnl::prop_kind::forward_inference, data, static_cast<float>(mvn->get_eps()), dnnl::normalization_flags::none);
  const dnnl::layer_normalization_forward::primitive_desc primitive(description, primitive_attributes(), cpu_engine());
  LoweredOp lowered = lowered_reading(node->input_value(0), dnnl::layer_normalization_forward(primitive), primitive);
  lowered.exec_type = "onednn";
  return lowered;
}

}  // namespace ferry::cpu::engine
