#include "ferry/graph/ops/transpose.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/data_movement.hpp"

namespace ferry {
namespace op {
namespace v1 {
namespace {

// The order as axes of a rank-`rank` input (empty: reversed); throws unless a permutation.
std::vector<size_t> resolve_order(const Node& node, const std::vector<int64_t>& order, size_t rank) {
  std::vector<size_t> axes(rank);
  if (order.empty()) {
    for (size_t i = 0; i < rank; ++i) axes[i] = rank - 1 - i;
    return axes;
  }
  if (order.size() != rank)
    node.node_error("input 1 (order) has ", order.size(), " entries, the input has rank ", rank);
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < rank; ++i) {
    const size_t axis = internal::normalize_axis(node, order[i], int64_t(rank), "order entry");
    if (seen[axis]) node.node_error("input 1 (order) ", internal::to_text(order), " is not a permutation");
    seen[axis] = true;
    axes[i] = axis;
  }
  return axes;
}

}  // namespace

Transpose::Transpose(const Output<Node>& data, const Output<Node>& order) : Op({data, order}) {
  constructor_validate_and_infer_types();
}

void Transpose::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  const element::Type order_type = get_input_element_type(1);
  FERRY_NODE_CHECK(order_type.is_dynamic() || order_type.is_integral_number(),
                   "input 1 (order) must be an integer tensor, got ", order_type);
  const PartialShape& order_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(order_shape.rank().compatible(1), "input 1 (order) must be 1-D, got shape ", order_shape);
  const PartialShape& in = get_input_partial_shape(0);
  std::vector<int64_t> order;
  if (in.rank().is_static() && internal::constant_integers(*this, 1, order)) {
    const auto axes = resolve_order(*this, order, in.size());
    PartialShape out = PartialShape::dynamic(Dimension(int64_t(in.size())));
    for (size_t i = 0; i < axes.size(); ++i) out[i] = in[axes[i]];
    set_output_type(0, get_input_element_type(0), out);
  } else {
    set_output_type(0, get_input_element_type(0), PartialShape::dynamic(in.rank()));
  }
}

bool Transpose::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Transpose::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Transpose>(inputs[0], inputs[1]);
}

bool Transpose::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  if (in.get_element_type().is_quantized()) return false;
  const Shape in_shape = in.get_shape();
  const auto axes =
      resolve_order(*this, internal::read_integers(*this, inputs.at(1), "input 1 (order)"), in_shape.size());
  Shape out_shape(in_shape.size(), 0);
  for (size_t i = 0; i < axes.size(); ++i) out_shape[i] = in_shape[axes[i]];
  Tensor& out = internal::prepare_output(*this, outputs, 0, in.get_element_type(), out_shape);
  reference::transpose(static_cast<const char*>(in.data()), in_shape, static_cast<char*>(out.data()), axes,
                       in.get_element_type().size());
  return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
