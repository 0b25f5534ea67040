#include "ferry/graph/ops/scatter.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/gather.hpp"
#include "core/src/graph/reference/scatter.hpp"

namespace ferry {
namespace op {
namespace {

using reference::ScatterReduction;

ScatterReduction reduction_from(const Node& node, const std::string& text, bool allow_mean, bool allow_sub) {
  if (text == "none") return ScatterReduction::NONE;
  if (text == "sum") return ScatterReduction::SUM;
  if (text == "prod") return ScatterReduction::PROD;
  if (text == "min") return ScatterReduction::MIN;
  if (text == "max") return ScatterReduction::MAX;
  if (text == "mean" && allow_mean) return ScatterReduction::MEAN;
  if (text == "sub" && allow_sub) return ScatterReduction::SUB;
  node.node_error("reduction '", text, "' is not supported");
}

void check_common(const Node& node, size_t inputs) {
  if (node.get_input_size() != inputs) node.node_error("expects ", inputs, " inputs, got ", node.get_input_size());
  const element::Type indices = node.get_input_element_type(1);
  if (!indices.is_dynamic() && indices != element::i32 && indices != element::i64)
    node.node_error("input 1 (indices) must be i32 or i64, got ", indices);
  element::Type type;
  if (!element::Type::merge(type, node.get_input_element_type(0), node.get_input_element_type(2)))
    node.node_error("input 2 (updates) is ", node.get_input_element_type(2), ", data is ",
                    node.get_input_element_type(0));
}

// The output: a dense copy of the data the kernel then updates in place.
Tensor& copy_data(const Node& node, TensorVector& outputs, const Tensor& data) {
  const Tensor in = internal::dense(data);
  Tensor& out = internal::prepare_output(node, outputs, 0, in.get_element_type(), in.get_shape());
  if (in.get_byte_size()) std::memcpy(out.data(), in.data(), in.get_byte_size());
  return out;
}

}  // namespace

namespace v3 {

ScatterUpdate::ScatterUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                             const Output<Node>& axis)
    : Op({data, indices, updates, axis}) {
  constructor_validate_and_infer_types();
}

void ScatterUpdate::validate_and_infer_types() {
  check_common(*this, 4);
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& indices = get_input_partial_shape(1);
  const PartialShape& updates = get_input_partial_shape(2);
  std::vector<int64_t> axis;
  if (data.rank().is_static() && indices.rank().is_static() && updates.rank().is_static() &&
      internal::constant_integers(*this, 3, axis) && axis.size() == 1) {
    const size_t a = internal::normalize_axis(*this, axis[0], int64_t(data.size()), "axis");
    std::vector<Dimension> expected(data.begin(), data.begin() + a);
    expected.insert(expected.end(), indices.begin(), indices.end());
    expected.insert(expected.end(), data.begin() + a + 1, data.end());
    FERRY_NODE_CHECK(PartialShape(expected).compatible(updates), "input 2 (updates) shape ", updates, " should be ",
                     PartialShape(expected), " (data[:axis] + indices + data[axis+1:])");
  }
  set_output_type(0, get_input_element_type(0), data);
}

bool ScatterUpdate::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> ScatterUpdate::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 4, "clone: expects 4 inputs, got ", inputs.size());
  return std::make_shared<ScatterUpdate>(inputs[0], inputs[1], inputs[2], inputs[3]);
}

bool ScatterUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.at(0).get_element_type().is_quantized()) return false;
  const Shape data_shape = inputs[0].get_shape(), indices_shape = inputs.at(1).get_shape();
  const auto axis_values = internal::read_integers(*this, inputs.at(3), "input 3 (axis)");
  if (axis_values.size() != 1) node_error("evaluate: input 3 (axis) must hold one value");
  const size_t axis = internal::normalize_axis(*this, axis_values[0], int64_t(data_shape.size()), "axis");
  Shape expected(data_shape.begin(), data_shape.begin() + axis);
  expected.insert(expected.end(), indices_shape.begin(), indices_shape.end());
  expected.insert(expected.end(), data_shape.begin() + axis + 1, data_shape.end());
  const Tensor updates = internal::dense(inputs.at(2));
  if (updates.get_shape() != expected)
    node_error("evaluate: updates shape ", updates.get_shape(), " should be ", expected);
  const auto indices = internal::read_integers(*this, inputs[1], "input 1 (indices)");
  Tensor& out = copy_data(*this, outputs, inputs[0]);
  size_t outer = 1, inner = inputs[0].get_element_type().size();
  for (size_t i = 0; i < axis; ++i) outer *= data_shape[i];
  for (size_t i = axis + 1; i < data_shape.size(); ++i) inner *= data_shape[i];
  const char* src = static_cast<const char*>(updates.data());
  char* dst = static_cast<char*>(out.data());
  for (size_t o = 0; o < outer; ++o)
    for (size_t j = 0; j < indices.size(); ++j) {
      int64_t index = indices[j];
      if (index < 0) index += int64_t(data_shape[axis]);
      if (index < 0 || index >= int64_t(data_shape[axis]))
        node_error("evaluate: index ", indices[j], " is out of range for axis length ", data_shape[axis]);
      std::memcpy(dst + (o * data_shape[axis] + size_t(index)) * inner, src + (o * indices.size() + j) * inner, inner);
    }
  return true;
}

ScatterNDUpdate::ScatterNDUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates)
    : Op({data, indices, updates}) {
  constructor_validate_and_infer_types();
}

void ScatterNDUpdate::validate_and_infer_types() {
  check_common(*this, 3);
  reduction_from(*this, m_reduction, false, true);
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& indices = get_input_partial_shape(1);
  const PartialShape& updates = get_input_partial_shape(2);
  if (data.rank().is_static() && indices.rank().is_static() && updates.rank().is_static()) {
    FERRY_NODE_CHECK(indices.size() >= 1, "input 1 (indices) must have rank 1 or more");
    const Dimension& depth = indices[indices.size() - 1];
    if (depth.is_static()) {
      FERRY_NODE_CHECK(depth.get_length() <= int64_t(data.size()), "index tuples of length ", depth,
                       " exceed data rank ", data.size());
      std::vector<Dimension> expected(indices.begin(), indices.end() - 1);
      expected.insert(expected.end(), data.begin() + depth.get_length(), data.end());
      FERRY_NODE_CHECK(PartialShape(expected).compatible(updates), "input 2 (updates) shape ", updates, " should be ",
                       PartialShape(expected), " (indices[:-1] + data[tuple length:])");
    }
  }
  set_output_type(0, get_input_element_type(0), data);
}

bool ScatterNDUpdate::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> ScatterNDUpdate::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<ScatterNDUpdate>(inputs[0], inputs[1], inputs[2]);
}

bool ScatterNDUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const element::Type type = inputs.at(0).get_element_type();
  if (type.is_quantized()) return false;
  const Shape data_shape = inputs[0].get_shape(), indices_shape = inputs.at(1).get_shape();
  const Tensor updates = internal::dense(inputs.at(2));
  if (indices_shape.empty() || indices_shape.back() > data_shape.size())
    node_error("evaluate: indices shape ", indices_shape, " does not fit data shape ", data_shape);
  Shape expected(indices_shape.begin(), indices_shape.end() - 1);
  expected.insert(expected.end(), data_shape.begin() + indices_shape.back(), data_shape.end());
  if (updates.get_shape() != expected)
    node_error("evaluate: updates shape ", updates.get_shape(), " should be ", expected);
  const auto indices = internal::read_integers(*this, inputs[1], "input 1 (indices)");
  Tensor& out = copy_data(*this, outputs, inputs[0]);
  if (!reference::scatter_nd(static_cast<char*>(out.data()), data_shape, indices, indices_shape,
                             static_cast<const char*>(updates.data()), type,
                             reduction_from(*this, m_reduction, false, true)))
    node_error("evaluate: an index is out of range for data shape ", data_shape);
  return true;
}

}  // namespace v3

namespace v15 {

ScatterNDUpdate::ScatterNDUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                                 const std::string& reduction) {
  m_reduction = reduction;
  set_arguments(OutputVector{data, indices, updates});
  constructor_validate_and_infer_types();
}

void ScatterNDUpdate::validate_and_infer_types() { v3::ScatterNDUpdate::validate_and_infer_types(); }

bool ScatterNDUpdate::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("reduction", m_reduction);
  return true;
}

std::shared_ptr<Node> ScatterNDUpdate::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 3, "clone: expects 3 inputs, got ", inputs.size());
  return std::make_shared<ScatterNDUpdate>(inputs[0], inputs[1], inputs[2], m_reduction);
}

}  // namespace v15

namespace v12 {

ScatterElementsUpdate::ScatterElementsUpdate(const Output<Node>& data, const Output<Node>& indices,
                                             const Output<Node>& updates, const Output<Node>& axis,
                                             const std::string& reduction, bool use_init_val)
    : Op({data, indices, updates, axis}), m_reduction(reduction), m_use_init_val(use_init_val) {
  constructor_validate_and_infer_types();
}

void ScatterElementsUpdate::validate_and_infer_types() {
  check_common(*this, 4);
  reduction_from(*this, m_reduction, true, false);
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& indices = get_input_partial_shape(1);
  const PartialShape& updates = get_input_partial_shape(2);
  FERRY_NODE_CHECK(indices.compatible(updates), "input 1 (indices) shape ", indices, " differs from input 2 (updates) ",
                   updates);
  if (data.rank().is_static() && indices.rank().is_static())
    FERRY_NODE_CHECK(data.size() == indices.size(), "indices rank ", indices.size(), " differs from data rank ",
                     data.size());
  std::vector<int64_t> axis;
  if (data.rank().is_static() && internal::constant_integers(*this, 3, axis) && axis.size() == 1)
    internal::normalize_axis(*this, axis[0], int64_t(data.size()), "axis");
  set_output_type(0, get_input_element_type(0), data);
}

bool ScatterElementsUpdate::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("reduction", m_reduction);
  visitor.on_attribute("use_init_val", m_use_init_val);
  return true;
}

std::shared_ptr<Node> ScatterElementsUpdate::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 4, "clone: expects 4 inputs, got ", inputs.size());
  return std::make_shared<ScatterElementsUpdate>(inputs[0], inputs[1], inputs[2], inputs[3], m_reduction,
                                                 m_use_init_val);
}

bool ScatterElementsUpdate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const element::Type type = inputs.at(0).get_element_type();
  if (type.is_quantized()) return false;
  const Shape data_shape = inputs[0].get_shape(), indices_shape = inputs.at(1).get_shape();
  const Tensor updates = internal::dense(inputs.at(2));
  if (updates.get_shape() != indices_shape || indices_shape.size() != data_shape.size())
    node_error("evaluate: indices ", indices_shape, ", updates ", updates.get_shape(), " and data ", data_shape,
               " do not fit");
  const auto axis_values = internal::read_integers(*this, inputs.at(3), "input 3 (axis)");
  if (axis_values.size() != 1) node_error("evaluate: input 3 (axis) must hold one value");
  const size_t axis = internal::normalize_axis(*this, axis_values[0], int64_t(data_shape.size()), "axis");
  for (size_t k = 0; k < data_shape.size(); ++k)
    if (k != axis && indices_shape[k] > data_shape[k])
      node_error("evaluate: indices shape ", indices_shape, " exceeds data shape ", data_shape, " on axis ", k);
  const auto indices = internal::read_integers(*this, inputs[1], "input 1 (indices)");
  Tensor& out = copy_data(*this, outputs, inputs[0]);
  if (!reference::scatter_elements(static_cast<char*>(out.data()), data_shape, indices,
                                   static_cast<const char*>(updates.data()), indices_shape, axis, type,
                                   reduction_from(*this, m_reduction, true, false), m_use_init_val))
    node_error("evaluate: an index is out of range for axis ", axis, " of data shape ", data_shape);
  return true;
}

}  // namespace v12
}  // namespace op
}  // namespace ferry
