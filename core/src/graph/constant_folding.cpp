#include "ferry/graph/constant_folding.hpp"

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/shape_of.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

bool is_folding_barrier(const Node& node) {
  // Random ops give other values on every run: they stay ops.
  const std::string type = node.get_type_info().name;
  return is_type<op::v0::Parameter>(&node) || is_type<op::v0::Result>(&node) || is_type<op::v0::Constant>(&node) ||
         type.find("Random") != std::string::npos;
}

// The node's value as constants, or empty when it cannot be folded.
OutputVector folded_outputs(const std::shared_ptr<Node>& node) {
  for (size_t i = 0; i < node->get_output_size(); ++i)
    if (node->get_output_partial_shape(i).is_dynamic()) return {};
  // ShapeOf needs only its input's shape.
  if (is_type<op::v0::ShapeOf>(node.get()) || is_type<op::v3::ShapeOf>(node.get())) {
    const PartialShape& input = node->get_input_partial_shape(0);
    if (input.is_dynamic()) return {};
    const Shape dims = input.to_shape();
    return {op::v0::Constant::create(node->get_output_element_type(0), Shape{dims.size()},
                                     std::vector<int64_t>(dims.begin(), dims.end()))};
  }
  if (!node->has_evaluate() || node->get_input_size() == 0) return {};
  TensorVector inputs;
  for (size_t i = 0; i < node->get_input_size(); ++i) {
    const auto constant =
        std::dynamic_pointer_cast<op::v0::Constant>(node->get_input_source_output(i).get_node_shared_ptr());
    if (!constant || !constant->get_data_ptr()) return {};
    TensorVector value{Tensor(constant->get_element_type(), constant->get_shape())};
    if (!constant->evaluate(value, {})) return {};
    inputs.push_back(value[0]);
  }
  TensorVector outputs;
  for (size_t i = 0; i < node->get_output_size(); ++i)
    outputs.emplace_back(node->get_output_element_type(i), node->get_output_shape(i));
  try {
    if (!node->evaluate(outputs, inputs)) return {};
  } catch (const std::exception&) {
    return {};  // a kernel that refuses these values leaves the op to run on the device
  }
  OutputVector constants;
  for (const Tensor& output : outputs) {
    constants.push_back(
        std::make_shared<op::v0::Constant>(output.get_element_type(), output.get_shape(), output.data()));
  }
  return constants;
}

}  // namespace

size_t fold_constants(Model& model) {
  size_t folded = 0;
  for (const auto& node : model.get_ordered_ops()) {
    if (is_folding_barrier(*node)) continue;
    node->validate_and_infer_types();  // its inputs may have become constants of static shapes
    const OutputVector constants = folded_outputs(node);
    if (constants.empty()) continue;
    for (size_t i = 0; i < constants.size(); ++i) {
      constants[i].get_node_shared_ptr()->set_friendly_name(node->get_friendly_name() +
                                                            (constants.size() > 1 ? "." + std::to_string(i) : ""));
      constants[i].set_names(node->output(i).get_names());  // tensor names stay with the value
      node->output(i).replace(constants[i]);
    }
    ++folded;
  }
  if (folded) model.validate_nodes_and_infer_types();
  return folded;
}

}  // namespace ferry
