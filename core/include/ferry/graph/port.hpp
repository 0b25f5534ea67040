#pragma once

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

class Node;
template <typename NodeType>
class Input;
template <typename NodeType>
class Output;

using TensorNames = std::unordered_set<std::string>;

// An input port: the index-th input of a node. Does not own the node.
template <>
class Input<Node> {
 public:
  Input() = default;
  Input(Node* node, size_t index) : m_node(node), m_index(index) {}

  Node* get_node() const { return m_node; }
  size_t get_index() const { return m_index; }
  const element::Type& get_element_type() const;  // of the connected output
  const PartialShape& get_partial_shape() const;
  const Shape& get_shape() const;  // throws naming the port when dynamic
  Output<Node> get_source_output() const;
  void replace_source_output(const Output<Node>& new_source) const;
  AnyMap& get_rt_info() const;

  bool operator==(const Input& other) const { return m_node == other.m_node && m_index == other.m_index; }
  bool operator!=(const Input& other) const { return !(*this == other); }
  bool operator<(const Input& other) const {
    return m_node != other.m_node ? std::less<Node*>()(m_node, other.m_node) : m_index < other.m_index;
  }

 private:
  Node* m_node = nullptr;
  size_t m_index = 0;
};

template <>
class Input<const Node> {
 public:
  Input() = default;
  Input(const Node* node, size_t index) : m_node(node), m_index(index) {}
  Input(const Input<Node>& input) : m_node(input.get_node()), m_index(input.get_index()) {}  // NOLINT

  const Node* get_node() const { return m_node; }
  size_t get_index() const { return m_index; }
  const element::Type& get_element_type() const;
  const PartialShape& get_partial_shape() const;
  const Shape& get_shape() const;
  Output<Node> get_source_output() const;
  const AnyMap& get_rt_info() const;

  bool operator==(const Input& other) const { return m_node == other.m_node && m_index == other.m_index; }
  bool operator!=(const Input& other) const { return !(*this == other); }
  bool operator<(const Input& other) const {
    return m_node != other.m_node ? std::less<const Node*>()(m_node, other.m_node) : m_index < other.m_index;
  }

 private:
  const Node* m_node = nullptr;
  size_t m_index = 0;
};

// An output port: the index-th output of a node. Keeps the node alive.
template <>
class Output<Node> {
 public:
  Output() = default;
  Output(const std::shared_ptr<Node>& node, size_t index) : m_node(node), m_index(index) {}
  // Output 0 of an op: lets a std::shared_ptr<SomeOp> be passed where an output is expected.
  template <typename T, typename = std::enable_if_t<std::is_base_of<Node, T>::value>>
  Output(const std::shared_ptr<T>& node) : Output(std::static_pointer_cast<Node>(node), 0) {}  // NOLINT
  // Needs the node to be held by a std::shared_ptr already.
  Output(Node* node, size_t index);

  Node* get_node() const { return m_node.get(); }
  const std::shared_ptr<Node>& get_node_shared_ptr() const { return m_node; }
  size_t get_index() const { return m_index; }
  const element::Type& get_element_type() const;
  const PartialShape& get_partial_shape() const;
  const Shape& get_shape() const;  // throws naming the port when dynamic

  // Tensor names (the IR's port `names`); shared with a Result's output.
  const TensorNames& get_names() const;
  std::string get_any_name() const;  // the smallest name; throws naming the port when none
  void set_names(const TensorNames& names) const;
  void add_names(const TensorNames& names) const;

  std::set<Input<Node>> get_target_inputs() const;
  void remove_target_input(const Input<Node>& input) const;
  // Reconnects every consumer of this output to `replacement`.
  void replace(const Output<Node>& replacement) const;
  AnyMap& get_rt_info() const;

  bool operator==(const Output& other) const { return m_node == other.m_node && m_index == other.m_index; }
  bool operator!=(const Output& other) const { return !(*this == other); }
  bool operator<(const Output& other) const {
    return m_node != other.m_node ? std::less<Node*>()(m_node.get(), other.m_node.get()) : m_index < other.m_index;
  }

 private:
  std::shared_ptr<Node> m_node;
  size_t m_index = 0;
};

template <>
class Output<const Node> {
 public:
  Output() = default;
  Output(const std::shared_ptr<const Node>& node, size_t index) : m_node(node), m_index(index) {}
  Output(const Output<Node>& output) : m_node(output.get_node_shared_ptr()), m_index(output.get_index()) {}  // NOLINT
  template <typename T, typename = std::enable_if_t<std::is_base_of<Node, T>::value>>
  Output(const std::shared_ptr<T>& node) : Output(std::static_pointer_cast<const Node>(node), 0) {}  // NOLINT
  Output(const Node* node, size_t index);

  const Node* get_node() const { return m_node.get(); }
  const std::shared_ptr<const Node>& get_node_shared_ptr() const { return m_node; }
  size_t get_index() const { return m_index; }
  const element::Type& get_element_type() const;
  const PartialShape& get_partial_shape() const;
  const Shape& get_shape() const;
  const TensorNames& get_names() const;
  std::string get_any_name() const;
  std::set<Input<Node>> get_target_inputs() const;
  const AnyMap& get_rt_info() const;

  bool operator==(const Output& other) const { return m_node == other.m_node && m_index == other.m_index; }
  bool operator!=(const Output& other) const { return !(*this == other); }
  bool operator<(const Output& other) const {
    return m_node != other.m_node ? std::less<const Node*>()(m_node.get(), other.m_node.get())
                                  : m_index < other.m_index;
  }

 private:
  std::shared_ptr<const Node> m_node;
  size_t m_index = 0;
};

using OutputVector = std::vector<Output<Node>>;
using NodeVector = std::vector<std::shared_ptr<Node>>;

std::ostream& operator<<(std::ostream& out, const Output<Node>& output);
std::ostream& operator<<(std::ostream& out, const Output<const Node>& output);
std::ostream& operator<<(std::ostream& out, const Input<Node>& input);

}  // namespace ferry
