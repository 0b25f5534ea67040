#include "ferry/graph/node.hpp"

#include <algorithm>

namespace ferry {
namespace {

std::atomic<size_t> g_next_instance_id{0};

}  // namespace

Node::Node() : m_instance_id(g_next_instance_id.fetch_add(1)) {}

Node::Node(const OutputVector& arguments, size_t output_size) : Node() {
  set_arguments(arguments);
  set_output_size(output_size);
}

Node::~Node() {
  for (size_t i = 0; i < m_inputs.size(); ++i) disconnect_input(i);
}

bool Node::visit_attributes(AttributeVisitor&) { return false; }

bool Node::evaluate(TensorVector&, const TensorVector&) const { return false; }

const std::string& Node::get_name() const {
  std::call_once(m_name_once,
                 [this] { m_unique_name = std::string(get_type_name()) + "_" + std::to_string(m_instance_id); });
  return m_unique_name;
}

const std::string& Node::get_friendly_name() const { return m_friendly_name.empty() ? get_name() : m_friendly_name; }

void Node::set_friendly_name(const std::string& name) { m_friendly_name = name; }

std::string Node::describe() const {
  const auto& info = get_type_info();
  return std::string(info.name) + " '" + get_friendly_name() + "' (" + info.version_id + ")";
}

Node::InputSlot& Node::input_slot(size_t i) {
  if (i >= m_inputs.size()) node_error("no input ", i, " (the node has ", m_inputs.size(), " inputs)");
  return m_inputs[i];
}
const Node::InputSlot& Node::input_slot(size_t i) const {
  if (i >= m_inputs.size()) node_error("no input ", i, " (the node has ", m_inputs.size(), " inputs)");
  return m_inputs[i];
}
Node::OutputSlot& Node::output_slot(size_t i) {
  if (i >= m_outputs.size()) node_error("no output ", i, " (the node has ", m_outputs.size(), " outputs)");
  return m_outputs[i];
}
const Node::OutputSlot& Node::output_slot(size_t i) const {
  if (i >= m_outputs.size()) node_error("no output ", i, " (the node has ", m_outputs.size(), " outputs)");
  return m_outputs[i];
}

Input<Node> Node::input(size_t i) {
  input_slot(i);
  return Input<Node>(this, i);
}
Input<const Node> Node::input(size_t i) const {
  input_slot(i);
  return Input<const Node>(this, i);
}
std::vector<Input<Node>> Node::inputs() {
  std::vector<Input<Node>> result;
  for (size_t i = 0; i < m_inputs.size(); ++i) result.emplace_back(this, i);
  return result;
}
std::vector<Input<const Node>> Node::inputs() const {
  std::vector<Input<const Node>> result;
  for (size_t i = 0; i < m_inputs.size(); ++i) result.emplace_back(this, i);
  return result;
}
Output<Node> Node::input_value(size_t i) const { return input_slot(i).source; }
OutputVector Node::input_values() const {
  OutputVector result;
  for (const auto& slot : m_inputs) result.push_back(slot.source);
  return result;
}
std::shared_ptr<Node> Node::get_input_node_shared_ptr(size_t i) const {
  return input_slot(i).source.get_node_shared_ptr();
}
Node* Node::get_input_node_ptr(size_t i) const { return input_slot(i).source.get_node(); }

Output<Node> Node::output(size_t i) {
  output_slot(i);
  return Output<Node>(shared_from_this(), i);
}
Output<const Node> Node::output(size_t i) const {
  output_slot(i);
  return Output<const Node>(shared_from_this(), i);
}
OutputVector Node::outputs() {
  OutputVector result;
  for (size_t i = 0; i < m_outputs.size(); ++i) result.push_back(output(i));
  return result;
}
std::vector<Output<const Node>> Node::outputs() const {
  std::vector<Output<const Node>> result;
  for (size_t i = 0; i < m_outputs.size(); ++i) result.push_back(output(i));
  return result;
}

std::set<Input<Node>> Node::get_output_target_inputs(size_t i) const { return output(i).get_target_inputs(); }

NodeVector Node::get_users() const {
  NodeVector users;
  for (const auto& slot : m_outputs) {
    for (const auto& target : slot.targets) {
      auto user = target.get_node()->shared_from_this();
      if (std::find(users.begin(), users.end(), user) == users.end()) users.push_back(user);
    }
  }
  return users;
}

bool Node::is_dynamic() const {
  for (size_t i = 0; i < m_inputs.size(); ++i)
    if (get_input_partial_shape(i).is_dynamic()) return true;
  return false;
}

const element::Type& Node::get_input_element_type(size_t i) const {
  const auto& source = input_slot(i).source;
  if (!source.get_node()) node_error("input ", i, " is not connected");
  return source.get_element_type();
}
const PartialShape& Node::get_input_partial_shape(size_t i) const {
  const auto& source = input_slot(i).source;
  if (!source.get_node()) node_error("input ", i, " is not connected");
  return source.get_partial_shape();
}
const Shape& Node::get_input_shape(size_t i) const {
  const auto& shape = get_input_partial_shape(i);
  if (!shape.is_static()) node_error("input ", i, " has dynamic shape ", shape);
  return input_slot(i).source.get_shape();
}
const element::Type& Node::get_output_element_type(size_t i) const { return output_slot(i).type; }
const PartialShape& Node::get_output_partial_shape(size_t i) const { return output_slot(i).shape; }
const Shape& Node::get_output_shape(size_t i) const {
  const auto& slot = output_slot(i);
  if (!slot.shape.is_static()) node_error("output ", i, " has dynamic shape ", slot.shape);
  return slot.static_shape;
}
const element::Type& Node::get_element_type() const {
  if (m_outputs.size() != 1) node_error("get_element_type() needs exactly one output, the node has ", m_outputs.size());
  return m_outputs[0].type;
}
const Shape& Node::get_shape() const {
  if (m_outputs.size() != 1) node_error("get_shape() needs exactly one output, the node has ", m_outputs.size());
  return get_output_shape(0);
}

void Node::set_output_type(size_t i, const element::Type& type, const PartialShape& shape) {
  if (i >= m_outputs.size()) set_output_size(i + 1);
  auto& slot = m_outputs[i];
  slot.type = type;
  slot.shape = shape;
  slot.static_shape = shape.is_static() ? shape.to_shape() : Shape{};
}

void Node::set_output_size(size_t n) {
  FERRY_NODE_CHECK(n >= m_outputs.size() || std::all_of(m_outputs.begin() + n, m_outputs.end(),
                                                        [](const OutputSlot& s) { return s.targets.empty(); }),
                   "cannot drop outputs that still have consumers");
  m_outputs.resize(n);
}

void Node::disconnect_input(size_t i) {
  auto& source = m_inputs[i].source;
  if (!source.get_node()) return;
  auto& targets = source.get_node()->m_outputs[source.get_index()].targets;
  auto it = std::find(targets.begin(), targets.end(), Input<Node>(this, i));
  if (it != targets.end()) targets.erase(it);
  source = Output<Node>();
}

void Node::set_argument(size_t i, const Output<Node>& value) {
  if (i >= m_inputs.size()) m_inputs.resize(i + 1);
  disconnect_input(i);
  if (value.get_node()) {
    auto& producer = value.get_node()->output_slot(value.get_index());
    producer.targets.emplace_back(this, i);
  }
  m_inputs[i].source = value;
}

void Node::set_arguments(const OutputVector& values) {
  for (size_t i = values.size(); i < m_inputs.size(); ++i) disconnect_input(i);
  m_inputs.resize(values.size());
  for (size_t i = 0; i < values.size(); ++i) set_argument(i, values[i]);
}

void Node::set_arguments(const NodeVector& nodes) {
  OutputVector values;
  for (const auto& node : nodes) values.emplace_back(node, 0);
  set_arguments(values);
}

std::ostream& operator<<(std::ostream& out, const Node& node) { return out << node.describe(); }

}  // namespace ferry
