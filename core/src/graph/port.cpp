#include "ferry/graph/port.hpp"

#include <algorithm>

#include "ferry/graph/node.hpp"

namespace ferry {
namespace {

std::string port_name(const Node* node, const char* kind, size_t index) {
  return node ? kind + std::string(" ") + std::to_string(index) + " of " + node->describe()
              : std::string("an unconnected ") + kind;
}

const Node::OutputSlot& slot_of(const Node* node, size_t index) {
  FERRY_ASSERT(node, "an empty Output<Node> was used");
  return node->output_slot(index);
}

const Shape& static_shape_of(const Node* node, size_t index, const char* kind) {
  const auto& slot = slot_of(node, index);
  FERRY_ASSERT(slot.shape.is_static(), port_name(node, kind, index), " has dynamic shape ", slot.shape);
  return slot.static_shape;
}

std::string smallest_name(const Node* node, size_t index) {
  const auto& names = *slot_of(node, index).names;
  FERRY_ASSERT(!names.empty(), port_name(node, "output", index), " has no tensor names");
  return *std::min_element(names.begin(), names.end());
}

std::set<Input<Node>> targets_of(const Node* node, size_t index) {
  const auto& targets = slot_of(node, index).targets;
  return std::set<Input<Node>>(targets.begin(), targets.end());
}

}  // namespace

// --- Input<Node> ----------------------------------------------------------------------------
const element::Type& Input<Node>::get_element_type() const { return m_node->get_input_element_type(m_index); }
const PartialShape& Input<Node>::get_partial_shape() const { return m_node->get_input_partial_shape(m_index); }
const Shape& Input<Node>::get_shape() const { return m_node->get_input_shape(m_index); }
Output<Node> Input<Node>::get_source_output() const { return m_node->input_value(m_index); }
void Input<Node>::replace_source_output(const Output<Node>& new_source) const {
  m_node->set_argument(m_index, new_source);
}
AnyMap& Input<Node>::get_rt_info() const { return m_node->input_slot(m_index).rt_info; }

const element::Type& Input<const Node>::get_element_type() const { return m_node->get_input_element_type(m_index); }
const PartialShape& Input<const Node>::get_partial_shape() const { return m_node->get_input_partial_shape(m_index); }
const Shape& Input<const Node>::get_shape() const { return m_node->get_input_shape(m_index); }
Output<Node> Input<const Node>::get_source_output() const { return m_node->input_value(m_index); }
const AnyMap& Input<const Node>::get_rt_info() const { return m_node->input_slot(m_index).rt_info; }

// --- Output<Node> ---------------------------------------------------------------------------
Output<Node>::Output(Node* node, size_t index) : m_node(node ? node->shared_from_this() : nullptr), m_index(index) {}

const element::Type& Output<Node>::get_element_type() const { return slot_of(get_node(), m_index).type; }
const PartialShape& Output<Node>::get_partial_shape() const { return slot_of(get_node(), m_index).shape; }
const Shape& Output<Node>::get_shape() const { return static_shape_of(get_node(), m_index, "output"); }
const TensorNames& Output<Node>::get_names() const { return *slot_of(get_node(), m_index).names; }
std::string Output<Node>::get_any_name() const { return smallest_name(get_node(), m_index); }
void Output<Node>::set_names(const TensorNames& names) const { *m_node->output_slot(m_index).names = names; }
void Output<Node>::add_names(const TensorNames& names) const {
  m_node->output_slot(m_index).names->insert(names.begin(), names.end());
}
std::set<Input<Node>> Output<Node>::get_target_inputs() const { return targets_of(get_node(), m_index); }
void Output<Node>::remove_target_input(const Input<Node>& input) const {
  if (input.get_node()->input_value(input.get_index()) == *this)
    input.get_node()->set_argument(input.get_index(), Output<Node>());
}
void Output<Node>::replace(const Output<Node>& replacement) const {
  if (replacement == *this) return;
  for (const auto& target : get_target_inputs()) target.replace_source_output(replacement);
}
AnyMap& Output<Node>::get_rt_info() const { return m_node->output_slot(m_index).rt_info; }

// --- Output<const Node> ---------------------------------------------------------------------
Output<const Node>::Output(const Node* node, size_t index)
    : m_node(node ? node->shared_from_this() : nullptr), m_index(index) {}

const element::Type& Output<const Node>::get_element_type() const { return slot_of(get_node(), m_index).type; }
const PartialShape& Output<const Node>::get_partial_shape() const { return slot_of(get_node(), m_index).shape; }
const Shape& Output<const Node>::get_shape() const { return static_shape_of(get_node(), m_index, "output"); }
const TensorNames& Output<const Node>::get_names() const { return *slot_of(get_node(), m_index).names; }
std::string Output<const Node>::get_any_name() const { return smallest_name(get_node(), m_index); }
std::set<Input<Node>> Output<const Node>::get_target_inputs() const { return targets_of(get_node(), m_index); }
const AnyMap& Output<const Node>::get_rt_info() const { return slot_of(get_node(), m_index).rt_info; }

std::ostream& operator<<(std::ostream& out, const Output<Node>& output) {
  return out << port_name(output.get_node(), "output", output.get_index());
}
std::ostream& operator<<(std::ostream& out, const Output<const Node>& output) {
  return out << port_name(output.get_node(), "output", output.get_index());
}
std::ostream& operator<<(std::ostream& out, const Input<Node>& input) {
  return out << port_name(input.get_node(), "input", input.get_index());
}

}  // namespace ferry
