#include "ferry/graph/ops/gather.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/gather.hpp"

namespace ferry {
namespace op {
namespace {

void check_indices(const Node& node, size_t i, const char* what) {
  const element::Type type = node.get_input_element_type(i);
  if (!type.is_dynamic() && type != element::i32 && type != element::i64)
    node.node_error("input ", i, " (", what, ") must be i32 or i64, got ", type);
}

}  // namespace

namespace v8 {

Gather::Gather(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis, int64_t batch_dims)
    : Op({data, indices, axis}), m_batch_dims(batch_dims) {
  constructor_validate_and_infer_types();
}

void Gather::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 3, "expects 3 inputs, got ", get_input_size());
  check_indices(*this, 1, "indices");
  check_indices(*this, 2, "axis");
  const PartialShape& axis_shape = get_input_partial_shape(2);
  FERRY_NODE_CHECK(axis_shape.rank().is_dynamic() || axis_shape.size() == 0 ||
                       (axis_shape.size() == 1 && axis_shape[0].compatible(1)),
                   "input 2 (axis) must be a scalar, got shape ", axis_shape);
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& indices = get_input_partial_shape(1);
  const element::Type type = get_input_element_type(0);
  if (data.rank().is_dynamic() || indices.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
  const int64_t q = int64_t(indices.size()), r = int64_t(data.size());
  int64_t batch_dims = m_batch_dims < 0 ? m_batch_dims + q : m_batch_dims;
  FERRY_NODE_CHECK(batch_dims >= 0 && batch_dims <= q && batch_dims <= r, "batch_dims ", m_batch_dims,
                   " is out of range for indices rank ", q, " and data rank ", r);
  std::vector<int64_t> axis_values;
  if (!internal::constant_integers(*this, 2, axis_values) || axis_values.size() != 1)
    return set_output_type(0, type, PartialShape::dynamic(Dimension(r + q - 1 - batch_dims)));
  const size_t axis = internal::normalize_axis(*this, axis_values[0], r, "axis");
  FERRY_NODE_CHECK(int64_t(axis) >= batch_dims, "axis ", axis_values[0], " must not be below batch_dims ", batch_dims);
  std::vector<Dimension> out;
  for (int64_t i = 0; i < batch_dims; ++i) {
    Dimension merged;
    FERRY_NODE_CHECK(Dimension::merge(merged, data[i], indices[i]), "batch axis ", i, " differs: data ", data,
                     ", indices ", indices);
    out.push_back(merged);
  }
  for (size_t i = size_t(batch_dims); i < axis; ++i) out.push_back(data[i]);
  for (size_t i = size_t(batch_dims); i < indices.size(); ++i) out.push_back(indices[i]);
  for (size_t i = axis + 1; i < data.size(); ++i) out.push_back(data[i]);
  set_output_type(0, type, PartialShape(out));
}

bool Gather::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("batch_dims", m_batch_dims);
  return true;
}

std::shared_ptr<Node> Gather::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<Gather>(inputs[0], inputs[1], inputs[2], m_batch_dims);
}

bool Gather::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape data_shape = data.get_shape(), indices_shape = inputs.at(1).get_shape();
  const auto indices = internal::read_integers(*this, inputs[1], "input 1 (indices)");
  const auto axis_values = internal::read_integers(*this, inputs.at(2), "input 2 (axis)");
  if (axis_values.size() != 1) node_error("evaluate: input 2 (axis) must hold one value, got ", axis_values.size());
  const int64_t q = int64_t(indices_shape.size());
  const int64_t batch_dims = m_batch_dims < 0 ? m_batch_dims + q : m_batch_dims;
  const size_t axis = internal::normalize_axis(*this, axis_values[0], int64_t(data_shape.size()), "axis");
  if (batch_dims < 0 || batch_dims > int64_t(axis))
    node_error("evaluate: batch_dims ", m_batch_dims, " does not fit axis ", axis);
  Shape out_shape(data_shape.begin(), data_shape.begin() + axis);
  for (size_t i = 0; i < size_t(batch_dims); ++i)
    if (indices_shape[i] != data_shape[i])
      node_error("evaluate: batch axis ", i, " differs: data ", data_shape, ", indices ", indices_shape);
  out_shape.insert(out_shape.end(), indices_shape.begin() + batch_dims, indices_shape.end());
  out_shape.insert(out_shape.end(), data_shape.begin() + axis + 1, data_shape.end());
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), out_shape);
  reference::gather(static_cast<const char*>(data.data()), data_shape, indices, indices_shape,
                    static_cast<char*>(out.data()), axis, size_t(batch_dims), data.get_element_type().size());
  return true;
}

GatherND::GatherND(const Output<Node>& data, const Output<Node>& indices, int64_t batch_dims)
    : Op({data, indices}), m_batch_dims(batch_dims) {
  constructor_validate_and_infer_types();
}

void GatherND::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  check_indices(*this, 1, "indices");
  FERRY_NODE_CHECK(m_batch_dims >= 0, "batch_dims must not be negative, got ", m_batch_dims);
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& indices = get_input_partial_shape(1);
  const element::Type type = get_input_element_type(0);
  const size_t b = size_t(m_batch_dims);
  if (indices.rank().is_static()) {
    FERRY_NODE_CHECK(indices.size() >= b + 1, "indices rank ", indices.size(), " must exceed batch_dims ", b);
    if (data.rank().is_static())
      FERRY_NODE_CHECK(data.size() > b, "data rank ", data.size(), " must exceed batch_dims ", b);
  }
  if (data.rank().is_dynamic() || indices.rank().is_dynamic() || indices[indices.size() - 1].is_dynamic())
    return set_output_type(0, type, PartialShape::dynamic());
  const size_t depth = size_t(indices[indices.size() - 1].get_length());
  FERRY_NODE_CHECK(b + depth <= data.size(), "index tuples of length ", depth, " after ", b,
                   " batch axes exceed data rank ", data.size());
  std::vector<Dimension> out;
  for (size_t i = 0; i + 1 < indices.size(); ++i) {
    Dimension dim = indices[i];
    if (i < b)
      FERRY_NODE_CHECK(Dimension::merge(dim, data[i], indices[i]), "batch axis ", i, " differs: data ", data,
                       ", indices ", indices);
    out.push_back(dim);
  }
  for (size_t i = b + depth; i < data.size(); ++i) out.push_back(data[i]);
  set_output_type(0, type, PartialShape(out));
}

bool GatherND::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("batch_dims", m_batch_dims);
  return true;
}

std::shared_ptr<Node> GatherND::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<GatherND>(inputs[0], inputs[1], m_batch_dims);
}

bool GatherND::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape data_shape = data.get_shape(), indices_shape = inputs.at(1).get_shape();
  const size_t b = size_t(m_batch_dims);
  if (indices_shape.size() < b + 1 || data_shape.size() < b + indices_shape.back())
    node_error("evaluate: indices ", indices_shape, " do not fit data ", data_shape, " with batch_dims ", b);
  Shape out_shape(indices_shape.begin(), indices_shape.end() - 1);
  for (size_t i = 0; i < b; ++i)
    if (indices_shape[i] != data_shape[i])
      node_error("evaluate: batch axis ", i, " differs: data ", data_shape, ", indices ", indices_shape);
  out_shape.insert(out_shape.end(), data_shape.begin() + b + indices_shape.back(), data_shape.end());
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), out_shape);
  const auto indices = internal::read_integers(*this, inputs[1], "input 1 (indices)");
  if (!reference::gather_nd(static_cast<const char*>(data.data()), data_shape, indices, indices_shape,
                            static_cast<char*>(out.data()), b, data.get_element_type().size()))
    node_error("evaluate: an index is out of range for data shape ", data_shape);
  return true;
}

}  // namespace v8

namespace v6 {

GatherElements::GatherElements(const Output<Node>& data, const Output<Node>& indices, int64_t axis)
    : Op({data, indices}), m_axis(axis) {
  constructor_validate_and_infer_types();
}

void GatherElements::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  check_indices(*this, 1, "indices");
  const PartialShape& data = get_input_partial_shape(0);
  PartialShape out = get_input_partial_shape(1);
  if (data.rank().is_static()) {
    const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(data.size()), "axis");
    if (out.rank().is_dynamic()) out = PartialShape::dynamic(Dimension(int64_t(data.size())));
    FERRY_NODE_CHECK(out.size() == data.size(), "indices rank ", out.size(), " differs from data rank ", data.size());
    for (size_t i = 0; i < out.size(); ++i)
      if (i != axis)
        FERRY_NODE_CHECK(Dimension::merge(out[i], out[i], data[i]), "indices shape ", get_input_partial_shape(1),
                         " differs from data shape ", data, " outside axis ", m_axis);
  }
  set_output_type(0, get_input_element_type(0), out);
}

bool GatherElements::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  return true;
}

std::shared_ptr<Node> GatherElements::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<GatherElements>(inputs[0], inputs[1], m_axis);
}

bool GatherElements::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape data_shape = data.get_shape(), indices_shape = inputs.at(1).get_shape();
  const size_t axis = internal::normalize_axis(*this, m_axis, int64_t(data_shape.size()), "axis");
  if (indices_shape.size() != data_shape.size())
    node_error("evaluate: indices ", indices_shape, " and data ", data_shape, " differ in rank");
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), indices_shape);
  const auto indices = internal::read_integers(*this, inputs[1], "input 1 (indices)");
  if (!reference::gather_elements(static_cast<const char*>(data.data()), data_shape, indices, indices_shape,
                                  static_cast<char*>(out.data()), axis, data.get_element_type().size()))
    node_error("evaluate: an index is out of range for axis ", m_axis, " of data shape ", data_shape);
  return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ferry
