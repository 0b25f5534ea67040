// MatMul with constant weights on oneDNN, fused with a following bias Add and Relu.
#include <cstring>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {

using dnnl::memory;

// The bias an Add adds along the last axis of `value` (a constant of N values, shaped [N] or
// [1, ..., 1, N]), else null.
std::shared_ptr<const op::v0::Constant> row_bias(const Node& add, const Node& value, size_t n) {
  if (!is_op(add, "Add") || add.get_input_size() != 2) return nullptr;
  const size_t other = add.get_input_node_ptr(0) == &value ? 1 : 0;
  auto bias = std::dynamic_pointer_cast<const op::v0::Constant>(add.get_input_node_shared_ptr(other));
  if (!bias || bias->get_output_element_type(0) != element::f32) return nullptr;
  const Shape& shape = bias->get_output_shape(0);
  if (shape.empty() || shape.back() != n || shape_size(shape) != n) return nullptr;
  if (shape.size() > value.get_output_shape(0).size() || add.get_output_shape(0) != value.get_output_shape(0))
    return nullptr;
  return bias;
}

}  // namespace

std::optional<LoweredOp> lower_matmul(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of,
                                      memory::data_type products) {
  auto matmul = std::dynamic_pointer_cast<const op::v0::MatMul>(node);
  if (!matmul || matmul->get_transpose_a()) return std::nullopt;
  auto weights_constant = std::dynamic_pointer_cast<const op::v0::Constant>(node->get_input_node_shared_ptr(1));
  if (!weights_constant || node->get_input_element_type(0) != element::f32 ||
      weights_constant->get_output_element_type(0) != element::f32 || node->get_input_partial_shape(0).is_dynamic())
    return std::nullopt;
  const Shape& a = node->get_input_shape(0);
  const Shape& b = weights_constant->get_output_shape(0);
  const Shape& output = node->get_output_shape(0);
  if (a.size() < 2 || a.size() > 4 || b.size() != 2) return std::nullopt;
  const bool transposed = matmul->get_transpose_b();
  const auto k = static_cast<memory::dim>(transposed ? b[1] : b[0]);
  const auto n = static_cast<memory::dim>(transposed ? b[0] : b[1]);
  if (k != static_cast<memory::dim>(a.back())) return std::nullopt;

  LoweredOp lowered;
  if (products == memory::data_type::bf16) lowered.exec_type = "onednn_bf16";
  const Epilogue epilogue = fuse_epilogue(
      node, [&](const Node& add) { return row_bias(add, *node, static_cast<size_t>(n)); }, layout_of, lowered);

  // The data's leading axes folded into the rows (plain memory is the same bytes): one 2-D
  // product, whose weights oneDNN packs into its blocked layout once, at compilation.
  size_t rows = 1;
  for (size_t axis = 0; axis + 1 < a.size(); ++axis) rows *= a[axis];
  const memory::dims weight_dims{k, n}, bias_dims{1, n};
  const memory::dims weight_strides{transposed ? 1 : n, transposed ? k : 1};

  const dnnl::engine& cpu = cpu_engine();
  const memory::desc source = plain_of(products, {static_cast<memory::dim>(rows), k});
  const memory::desc destination = plain_f32(Shape{rows, output.back()});
  const memory::desc any_weights(weight_dims, products, memory::format_tag::any);
  const memory::desc bias_desc = plain_f32(Shape(bias_dims.begin(), bias_dims.end()));
  const auto description = epilogue.bias ? dnnl::matmul::desc(source, any_weights, bias_desc, destination)
                                         : dnnl::matmul::desc(source, any_weights, destination);
  const dnnl::matmul::primitive_desc primitive(description, primitive_attributes(epilogue.post_ops), cpu);

  auto constants =
      prepare_constants(memory::desc(weight_dims, memory::data_type::f32, weight_strides),
                        weights_constant->get_data_ptr(), primitive.weights_desc(), epilogue.bias.get(), bias_desc);
  lowered.primitive = dnnl::matmul(primitive);
  lowered.scratchpad = primitive.scratchpad_desc();
  lowered.reads.push_back({DNNL_ARG_SRC, node->input_value(0), source});
  lowered.destination = destination;
  lowered.constants = std::move(constants);
  return lowered;
}

}  // namespace ferry::cpu::engine
