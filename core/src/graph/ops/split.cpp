#include "ferry/graph/ops/split.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v1 {
namespace {

void check_axis_input(const Node& node) {
  const element::Type type = node.get_input_element_type(1);
  if (!type.is_dynamic() && !type.is_integral_number())
    node.node_error("input 1 (axis) must be an integer tensor, got ", type);
  const PartialShape& shape = node.get_input_partial_shape(1);
  if (shape.rank().is_static() && !(shape.size() == 0 || (shape.size() == 1 && shape[0].compatible(1))))
    node.node_error("input 1 (axis) must be a scalar, got shape ", shape);
}

// The constant axis normalised for `rank`, or -1 when not known.
int64_t constant_axis(const Node& node, const PartialShape& data) {
  std::vector<int64_t> axis;
  if (data.rank().is_dynamic() || !internal::constant_integers(node, 1, axis) || axis.size() != 1) return -1;
  return int64_t(internal::normalize_axis(node, axis[0], int64_t(data.size()), "axis"));
}

size_t evaluate_axis(const Node& node, const Tensor& axis, size_t rank) {
  const auto values = internal::read_integers(node, axis, "input 1 (axis)");
  if (values.size() != 1) node.node_error("evaluate: input 1 (axis) must hold one value, got ", values.size());
  return internal::normalize_axis(node, values[0], int64_t(rank), "axis");
}

// -1 entries (at most one) take the rest of `length`; throws when the lengths do not add up.
std::vector<int64_t> resolve_lengths(const Node& node, std::vector<int64_t> lengths, int64_t length) {
  int64_t sum = 0, rest = -1;
  for (size_t i = 0; i < lengths.size(); ++i) {
    if (lengths[i] == -1) {
      if (rest >= 0) node.node_error("split_lengths ", internal::to_text(lengths), " has more than one -1");
      rest = int64_t(i);
    } else if (lengths[i] < 0) {
      node.node_error("split_lengths ", internal::to_text(lengths), " has a negative entry");
    } else {
      sum += lengths[i];
    }
  }
  if (rest >= 0 && sum <= length)
    lengths[size_t(rest)] = length - sum;
  else if (rest >= 0 || sum != length)
    node.node_error("split_lengths ", internal::to_text(lengths), " do not add up to the axis length ", length);
  return lengths;
}

// Copies consecutive parts of `lengths` along `axis` into outputs 0..n-1.
void split_data(const Node& node, TensorVector& outputs, const Tensor& input, size_t axis,
                const std::vector<int64_t>& lengths) {
  const Tensor data = internal::dense(input);
  const Shape shape = data.get_shape();
  size_t outer = 1, inner = data.get_element_type().size();
  for (size_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const char* in = static_cast<const char*>(data.data());
  size_t offset = 0;
  for (size_t part = 0; part < lengths.size(); ++part) {
    Shape part_shape = shape;
    part_shape[axis] = size_t(lengths[part]);
    Tensor& out = internal::prepare_output(node, outputs, part, data.get_element_type(), part_shape);
    const size_t block = size_t(lengths[part]) * inner;
    for (size_t o = 0; o < outer; ++o)
      if (block) std::memcpy(static_cast<char*>(out.data()) + o * block, in + o * shape[axis] * inner + offset, block);
    offset += block;
  }
}

}  // namespace

Split::Split(const Output<Node>& data, const Output<Node>& axis, int64_t num_splits)
    : Op({data, axis}, size_t(num_splits > 0 ? num_splits : 0)), m_num_splits(num_splits) {
  constructor_validate_and_infer_types();
}

void Split::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  FERRY_NODE_CHECK(m_num_splits > 0, "num_splits must be positive, got ", m_num_splits);
  check_axis_input(*this);
  if (get_output_size() != size_t(m_num_splits)) set_output_size(size_t(m_num_splits));
  const PartialShape& data = get_input_partial_shape(0);
  const int64_t axis = constant_axis(*this, data);
  PartialShape part = data.rank().is_static() ? PartialShape::dynamic(data.rank()) : PartialShape::dynamic();
  if (axis >= 0) {
    part = data;
    const Dimension& dim = data[size_t(axis)];
    if (dim.is_static()) {
      FERRY_NODE_CHECK(dim.get_length() % m_num_splits == 0, "axis ", axis, " of length ", dim.get_length(),
                       " does not split into ", m_num_splits, " equal parts");
      part[size_t(axis)] = dim.get_length() / m_num_splits;
    } else {
      const int64_t max = dim.get_max_length();
      part[size_t(axis)] =
          Dimension((dim.get_min_length() + m_num_splits - 1) / m_num_splits, max < 0 ? -1 : max / m_num_splits);
    }
  }
  for (size_t i = 0; i < get_output_size(); ++i) set_output_type(i, get_input_element_type(0), part);
}

bool Split::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("num_splits", m_num_splits);
  return true;
}

std::shared_ptr<Node> Split::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Split>(inputs[0], inputs[1], m_num_splits);
}

bool Split::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.at(0).get_element_type().is_quantized()) return false;
  const Shape shape = inputs[0].get_shape();
  const size_t axis = evaluate_axis(*this, inputs.at(1), shape.size());
  if (shape[axis] % size_t(m_num_splits) != 0)
    node_error("evaluate: axis ", axis, " of length ", shape[axis], " does not split into ", m_num_splits, " parts");
  split_data(*this, outputs, inputs[0], axis,
             std::vector<int64_t>(size_t(m_num_splits), int64_t(shape[axis]) / m_num_splits));
  return true;
}

VariadicSplit::VariadicSplit(const Output<Node>& data, const Output<Node>& axis, const Output<Node>& split_lengths)
    : Op({data, axis, split_lengths}) {
  constructor_validate_and_infer_types();
}

void VariadicSplit::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 3, "expects 3 inputs, got ", get_input_size());
  check_axis_input(*this);
  const PartialShape& lengths_shape = get_input_partial_shape(2);
  FERRY_NODE_CHECK(lengths_shape.rank().compatible(1), "input 2 (split_lengths) must be 1-D, got shape ",
                   lengths_shape);
  FERRY_NODE_CHECK(lengths_shape.rank().is_dynamic() || lengths_shape[0].is_static(),
                   "input 2 (split_lengths) needs a static length to fix the number of outputs, got ", lengths_shape);
  const size_t parts = lengths_shape.rank().is_static() ? size_t(lengths_shape[0].get_length()) : get_output_size();
  if (get_output_size() != parts) set_output_size(parts);
  const PartialShape& data = get_input_partial_shape(0);
  const int64_t axis = constant_axis(*this, data);
  std::vector<int64_t> lengths;
  const bool known = internal::constant_integers(*this, 2, lengths);
  for (size_t i = 0; i < parts; ++i) {
    PartialShape part = data.rank().is_static() ? data : PartialShape::dynamic();
    if (data.rank().is_static() && axis < 0) part = PartialShape::dynamic(data.rank());
    if (axis >= 0) part[size_t(axis)] = Dimension();
    if (axis >= 0 && known) {
      const Dimension& dim = data[size_t(axis)];
      if (dim.is_static()) {
        lengths = resolve_lengths(*this, lengths, dim.get_length());
        part[size_t(axis)] = lengths[i];
      } else if (lengths[i] >= 0) {
        part[size_t(axis)] = lengths[i];
      }
    }
    set_output_type(i, get_input_element_type(0), part);
  }
}

bool VariadicSplit::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> VariadicSplit::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<VariadicSplit>(inputs[0], inputs[1], inputs[2]);
}

bool VariadicSplit::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.at(0).get_element_type().is_quantized()) return false;
  const Shape shape = inputs[0].get_shape();
  const size_t axis = evaluate_axis(*this, inputs.at(1), shape.size());
  const auto lengths = resolve_lengths(*this, internal::read_integers(*this, inputs.at(2), "input 2 (split_lengths)"),
                                       int64_t(shape[axis]));
  if (lengths.size() != get_output_size())
    node_error("evaluate: split_lengths has ", lengths.size(), " entries, the node has ", get_output_size(),
               " outputs");
  split_data(*this, outputs, inputs[0], axis, lengths);
  return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
