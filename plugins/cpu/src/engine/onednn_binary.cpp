// Two-input f32 arithmetic (Add, Subtract, Multiply, Divide, Maximum, Minimum) on oneDNN, with
// numpy broadcasting of the second input.
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {

using Kind = op::util::BinaryElementwiseArithmetic::Kind;

std::optional<dnnl::algorithm> algorithm_of(Kind kind) {
  switch (kind) {
    case Kind::ADD:
      return dnnl::algorithm::binary_add;
    case Kind::SUBTRACT:
      return dnnl::algorithm::binary_sub;
    case Kind::MULTIPLY:
      return dnnl::algorithm::binary_mul;
    case Kind::DIVIDE:
      return dnnl::algorithm::binary_div;
    case Kind::MAXIMUM:
      return dnnl::algorithm::binary_max;
    case Kind::MINIMUM:
      return dnnl::algorithm::binary_min;
    default:
      return std::nullopt;
  }
}

bool commutes(Kind kind) {
  return kind == Kind::ADD || kind == Kind::MULTIPLY || kind == Kind::MAXIMUM || kind == Kind::MINIMUM;
}

// `shape` with leading 1s up to `rank` (numpy broadcasting aligns trailing axes).
dnnl::memory::dims aligned(const Shape& shape, size_t rank) {
  dnnl::memory::dims dims(rank - shape.size(), 1);
  dims.insert(dims.end(), shape.begin(), shape.end());
  return dims;
}

}  // namespace

std::optional<LoweredOp> lower_binary(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of) {
  const auto* binary = dynamic_cast<const op::util::BinaryElementwiseArithmetic*>(node.get());
  if (!binary || binary->get_autob().type != op::AutoBroadcastType::NUMPY) return std::nullopt;
  const auto algorithm = algorithm_of(binary->get_kind());
  if (!algorithm || node->get_output_element_type(0) != element::f32 || node->get_output_partial_shape(0).is_dynamic())
    return std::nullopt;
  for (size_t i = 0; i < 2; ++i)
    if (node->get_input_element_type(i) != element::f32 || node->get_input_partial_shape(i).is_dynamic())
      return std::nullopt;
  const Shape& output = node->get_output_shape(0);
  if (output.empty() || output.size() > DNNL_MAX_NDIMS) return std::nullopt;
  // oneDNN broadcasts only its second source: the first must have the output's shape.
  size_t full = 0;
  if (node->get_input_shape(0) != output) {
    if (node->get_input_shape(1) != output || !commutes(binary->get_kind())) return std::nullopt;
    full = 1;
  }
  const Output<Node> first = node->input_value(full), second = node->input_value(1 - full);

  // Same shapes: both in the first's layout. Broadcasting: both plain.
  dnnl::memory::desc first_desc = plain_f32(output),
                     second_desc = plain_f32(aligned(second.get_shape(), output.size()));
  if (second.get_shape() == output) {
    first_desc = layout_of(first).value_or(first_desc);
    second_desc = first_desc;
  }
  const dnnl::binary::desc description(*algorithm, first_desc, second_desc, first_desc);
  const dnnl::binary::primitive_desc primitive(description, primitive_attributes(), cpu_engine());
  LoweredOp lowered;
  lowered.primitive = dnnl::binary(primitive);
  lowered.scratchpad = primitive.scratchpad_desc();
  lowered.reads.push_back({DNNL_ARG_SRC_0, first, first_desc});
  lowered.reads.push_back({DNNL_ARG_SRC_1, second, second_desc});
  lowered.destination = primitive.dst_desc();
  return lowered;
}

}  // namespace ferry::cpu::engine
