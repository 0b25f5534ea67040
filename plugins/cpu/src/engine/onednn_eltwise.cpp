// Element-wise activations of f32 data on oneDNN, in whatever layout their input is.
#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/unary_math.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {}  // namespace

std::optional<Activation> activation_of(const Node& node) {
  if (is_op(node, "Relu")) return Activation{dnnl::algorithm::eltwise_relu};
  if (is_op(node, "Sigmoid")) return Activation{dnnl::algorithm::eltwise_logistic};
  if (is_op(node, "Tanh")) return Activation{dnnl::algorithm::eltwise_tanh};
  if (is_op(node, "Exp")) return Activation{dnnl::algorithm::eltwise_exp};
  if (is_op(node, "Abs")) return Activation{dnnl::algorithm::eltwise_abs};
  if (auto gelu = dynamic_cast<const op::v7::Gelu*>(&node))
    return Activation{gelu->get_approximation_mode() == op::GeluApproximationMode::ERF
                          ? dnnl::algorithm::eltwise_gelu_erf
                          : dnnl::algorithm::eltwise_gelu_tanh};
  if (auto clamp = dynamic_cast<const op::v0::Clamp*>(&node))
    return Activation{dnnl::algorithm::eltwise_clip, static_cast<float>(clamp->get_min()),
                      static_cast<float>(clamp->get_max())};
  return std::nullopt;
}

std::optional<LoweredOp> lower_eltwise(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of) {
  const auto activation = activation_of(*node);
  if (!activation || node->get_input_element_type(0) != element::f32 ||
      node->get_output_element_type(0) != element::f32 || node->get_input_partial_shape(0).is_dynamic() ||
      node->get_input_shape(0).empty())
    return std::nullopt;
  const Shape& shape = node->get_input_shape(0);
  // The output takes the input's layout.
  const dnnl::memory::desc data = layout_of(node->input_value(0)).value_or(plain_f32(shape));
  const dnnl::eltwise_forward::desc description(dnnl::prop_kind::forward_inference, activation->algorithm, data,
                                                activation->alpha, activation->beta);
  const dnnl::eltwise_forward::primitive_desc primitive(description, primitive_attributes(), cpu_engine());
  return lowered_reading(node->input_value(0), dnnl::eltwise_forward(primitive), primitive);
}

}  // namespace ferry::cpu::engine
