#include "ferry/graph/ops/squeeze.hpp"

#include <cstring>
#include <set>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v0 {
namespace {

void check_axes_input(const Node& node, size_t i) {
  const element::Type type = node.get_input_element_type(i);
  if (!type.is_dynamic() && !type.is_integral_number())
    node.node_error("input ", i, " (axes) must be an integer tensor, got ", type);
  if (node.get_input_partial_shape(i).rank().is_static() && node.get_input_partial_shape(i).size() > 1)
    node.node_error("input ", i, " (axes) must be a scalar or 1-D, got shape ", node.get_input_partial_shape(i));
}

// The axes as a set of [0, rank) positions; throws on out-of-range or repeated entries.
std::set<size_t> axis_set(const Node& node, const std::vector<int64_t>& axes, int64_t rank) {
  std::set<size_t> result;
  for (const int64_t axis : axes)
    if (!result.insert(internal::normalize_axis(node, axis, rank, "axis")).second)
      node.node_error("axis ", axis, " is repeated in ", internal::to_text(axes));
  return result;
}

// Squeeze of a static rank shape: the kept dimensions.
PartialShape squeezed(const Node& node, const PartialShape& in, const std::set<size_t>& axes) {
  PartialShape out(std::vector<Dimension>{});
  for (size_t i = 0; i < in.size(); ++i) {
    if (axes.count(i)) {
      if (!in[i].compatible(1))
        node.node_error("axis ", i, " has length ", in[i], " in input shape ", in, "; only length 1 can be squeezed");
      continue;
    }
    out.push_back(in[i]);
  }
  return out;
}

// Ferry's data movement of a reshape: the bytes stay, the shape changes.
void copy_reshaped(const Node& node, TensorVector& outputs, const Tensor& input, const Shape& out_shape) {
  const Tensor in = internal::dense(input);
  Tensor& out = internal::prepare_output(node, outputs, 0, in.get_element_type(), out_shape);
  if (in.get_byte_size()) std::memcpy(out.data(), in.data(), in.get_byte_size());
}

}  // namespace

Squeeze::Squeeze(const Output<Node>& data) : Op({data}) { constructor_validate_and_infer_types(); }

Squeeze::Squeeze(const Output<Node>& data, const Output<Node>& axes) : Op({data, axes}) {
  constructor_validate_and_infer_types();
}

void Squeeze::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1 || get_input_size() == 2, "expects 1 or 2 inputs, got ", get_input_size());
  const PartialShape& in = get_input_partial_shape(0);
  const element::Type type = get_input_element_type(0);
  if (get_input_size() == 2) {
    check_axes_input(*this, 1);
    std::vector<int64_t> axes;
    if (in.rank().is_static() && internal::constant_integers(*this, 1, axes)) {
      set_output_type(0, type, squeezed(*this, in, axis_set(*this, axes, int64_t(in.size()))));
    } else if (in.rank().is_static() && get_input_partial_shape(1).is_static()) {
      const size_t count = shape_size(get_input_partial_shape(1).to_shape());
      set_output_type(0, type, PartialShape::dynamic(Dimension(int64_t(in.size() - std::min(count, in.size())))));
    } else {
      set_output_type(0, type, PartialShape::dynamic());
    }
    return;
  }
  if (in.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
  std::set<size_t> ones;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == Dimension(1))
      ones.insert(i);
    else if (in[i].is_dynamic() && in[i].contains(1))
      return set_output_type(0, type, PartialShape::dynamic());  // the rank depends on the data
  }
  set_output_type(0, type, squeezed(*this, in, ones));
}

bool Squeeze::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Squeeze::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1 || inputs.size() == 2, "clone: expects 1 or 2 inputs, got ", inputs.size());
  if (inputs.size() == 1) return std::make_shared<Squeeze>(inputs[0]);
  return std::make_shared<Squeeze>(inputs[0], inputs[1]);
}

bool Squeeze::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Shape in_shape = inputs.at(0).get_shape();
  std::set<size_t> axes;
  if (inputs.size() > 1) {
    axes = axis_set(*this, internal::read_integers(*this, inputs[1], "input 1 (axes)"), int64_t(in_shape.size()));
  } else {
    for (size_t i = 0; i < in_shape.size(); ++i)
      if (in_shape[i] == 1) axes.insert(i);
  }
  Shape out_shape;
  for (size_t i = 0; i < in_shape.size(); ++i) {
    if (!axes.count(i))
      out_shape.push_back(in_shape[i]);
    else if (in_shape[i] != 1)
      node_error("evaluate: axis ", i, " has length ", in_shape[i], " in input shape ", in_shape, ", not 1");
  }
  copy_reshaped(*this, outputs, inputs[0], out_shape);
  return true;
}

Unsqueeze::Unsqueeze(const Output<Node>& data, const Output<Node>& axes) : Op({data, axes}) {
  constructor_validate_and_infer_types();
}

void Unsqueeze::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  check_axes_input(*this, 1);
  const PartialShape& in = get_input_partial_shape(0);
  const element::Type type = get_input_element_type(0);
  std::vector<int64_t> axes;
  if (in.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
  if (!internal::constant_integers(*this, 1, axes)) {
    if (get_input_partial_shape(1).is_static()) {
      const size_t count = shape_size(get_input_partial_shape(1).to_shape());
      return set_output_type(0, type, PartialShape::dynamic(Dimension(int64_t(in.size() + count))));
    }
    return set_output_type(0, type, PartialShape::dynamic());
  }
  const int64_t out_rank = int64_t(in.size() + axes.size());
  const std::set<size_t> positions = axis_set(*this, axes, out_rank);
  std::vector<Dimension> out;
  size_t next = 0;
  for (int64_t i = 0; i < out_rank; ++i) out.push_back(positions.count(size_t(i)) ? Dimension(1) : in[next++]);
  set_output_type(0, type, PartialShape(out));
}

bool Unsqueeze::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Unsqueeze::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Unsqueeze>(inputs[0], inputs[1]);
}

bool Unsqueeze::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Shape in_shape = inputs.at(0).get_shape();
  const auto axes = internal::read_integers(*this, inputs.at(1), "input 1 (axes)");
  const int64_t out_rank = int64_t(in_shape.size() + axes.size());
  const std::set<size_t> positions = axis_set(*this, axes, out_rank);
  Shape out_shape;
  size_t next = 0;
  for (int64_t i = 0; i < out_rank; ++i) out_shape.push_back(positions.count(size_t(i)) ? 1 : in_shape[next++]);
  copy_reshaped(*this, outputs, inputs[0], out_shape);
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
