// Model outputs by position, and making inner values outputs (Model::add_output).
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry {

std::shared_ptr<Node> Model::get_output_op(size_t i) const {
  return std::const_pointer_cast<Node>(output(i).get_node_shared_ptr());
}

const element::Type& Model::get_output_element_type(size_t i) const {
  return get_output_op(i)->get_output_element_type(0);
}

const PartialShape& Model::get_output_partial_shape(size_t i) const {
  return get_output_op(i)->get_output_partial_shape(0);
}

const Shape& Model::get_output_shape(size_t i) const { return get_output_op(i)->get_output_shape(0); }

std::shared_ptr<Node> Model::get_result() const {
  return std::const_pointer_cast<Node>(output().get_node_shared_ptr());
}

Output<Node> Model::add_output(const std::string& tensor_name) {
  for (const auto& node : get_ordered_ops()) {
    if (dynamic_cast<op::v0::Result*>(node.get())) continue;
    for (const auto& value : node->outputs())
      if (value.get_names().count(tensor_name)) return add_output(value);
  }
  Exception::raise("model '", get_friendly_name(), "': add_output: no tensor is named '", tensor_name, "'");
}

Output<Node> Model::add_output(const std::string& op_name, size_t output_index) {
  for (const auto& node : get_ordered_ops()) {
    if (node->get_friendly_name() != op_name) continue;
    FERRY_ASSERT(output_index < node->get_output_size(), "model '", get_friendly_name(),
                 "': add_output: ", node->describe(), " has no output ", output_index, " (it has ",
                 node->get_output_size(), ")");
    return add_output(node->output(output_index));
  }
  Exception::raise("model '", get_friendly_name(), "': add_output: no op is named '", op_name, "'");
}

Output<Node> Model::add_output(const Output<Node>& value) {
  FERRY_ASSERT(value.get_node(), "model '", get_friendly_name(), "': add_output: the value is empty");
  if (auto result = std::dynamic_pointer_cast<op::v0::Result>(value.get_node_shared_ptr())) {
    FERRY_ASSERT(get_result_index(value) >= 0, "model '", get_friendly_name(), "': add_output: ", result->describe(),
                 " is not one of the model's results");
    return result->output(0);
  }
  for (const auto& result : get_results())
    if (result->input_value(0) == value) return result->output(0);
  auto result = std::make_shared<op::v0::Result>(value);
  add_results({result});
  return result->output(0);
}

}  // namespace ferry
