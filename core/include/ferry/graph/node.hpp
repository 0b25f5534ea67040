#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/graph/port.hpp"
#include "ferry/graph/type_info.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

class AttributeVisitor;
class Tensor;
using TensorVector = std::vector<Tensor>;

// A vertex of the graph: an operation with typed input and output ports. Always held by
// std::shared_ptr; a node keeps the producers of its inputs alive.
//
// Writing an op: derive from ferry::op::Op, put FERRY_OP("Name", "opsetN") in its public part,
// give it a default constructor (the IR reader creates ops empty, then fills them through
// visit_attributes and set_arguments), and override validate_and_infer_types,
// visit_attributes, clone_with_new_inputs and, when it has a reference kernel, evaluate and
// has_evaluate. Then add one line to core/src/graph/op_registry.cpp.
class Node : public std::enable_shared_from_this<Node> {
 public:
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  virtual ~Node();

  virtual const DiscreteTypeInfo& get_type_info() const = 0;
  const char* get_type_name() const { return get_type_info().name; }

  // Checks the inputs and sets every output's element type and shape. Must handle static,
  // bounded and dynamic shapes; errors name the node (see node_error / FERRY_NODE_CHECK).
  virtual void validate_and_infer_types() {}
  // Declares every attribute (OpenVINO IR names). Returns false when the op has nothing to say.
  virtual bool visit_attributes(AttributeVisitor& visitor);
  // A node of the same type and attributes reading `inputs`.
  virtual std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const = 0;
  // Reference execution. outputs.size() == get_output_size(): each entry is either empty
  // (default-constructed; the op creates it) or a tensor of the output's element type that the
  // op reshapes to the actual output shape. Returns false when there is no kernel for the types.
  virtual bool evaluate(TensorVector& outputs, const TensorVector& inputs) const;
  virtual bool has_evaluate() const { return false; }

  // A unique name "<Type>_<n>", fixed for the node's life.
  const std::string& get_name() const;
  // The user-visible name; defaults to get_name().
  const std::string& get_friendly_name() const;
  void set_friendly_name(const std::string& name);
  size_t get_instance_id() const { return m_instance_id; }
  // "Add 'my_add' (opset1)": how errors name this node.
  std::string describe() const;

  size_t get_input_size() const { return m_inputs.size(); }
  size_t get_output_size() const { return m_outputs.size(); }

  Input<Node> input(size_t i);
  Input<const Node> input(size_t i) const;
  std::vector<Input<Node>> inputs();
  std::vector<Input<const Node>> inputs() const;
  Output<Node> input_value(size_t i) const;
  Output<Node> get_input_source_output(size_t i) const { return input_value(i); }
  OutputVector input_values() const;
  std::shared_ptr<Node> get_input_node_shared_ptr(size_t i) const;
  Node* get_input_node_ptr(size_t i) const;

  Output<Node> output(size_t i);
  Output<const Node> output(size_t i) const;
  OutputVector outputs();
  std::vector<Output<const Node>> outputs() const;
  // Output 0, the one a node stands for where a single value is expected.
  Output<Node> get_default_output() { return output(0); }
  Output<const Node> get_default_output() const { return output(0); }
  std::set<Input<Node>> get_output_target_inputs(size_t i) const;
  // The nodes reading any of this node's outputs, each once, in the order of first use.
  NodeVector get_users() const;
  // Some input's shape is dynamic (a Parameter, having no inputs, never is).
  bool is_dynamic() const;

  const element::Type& get_input_element_type(size_t i) const;
  const PartialShape& get_input_partial_shape(size_t i) const;
  const Shape& get_input_shape(size_t i) const;
  const element::Type& get_output_element_type(size_t i) const;
  const PartialShape& get_output_partial_shape(size_t i) const;
  const Shape& get_output_shape(size_t i) const;  // throws naming the port when dynamic
  const element::Type& get_element_type() const;  // of the single output; throws otherwise
  const Shape& get_shape() const;

  void set_output_type(size_t i, const element::Type& type, const PartialShape& shape);
  void set_output_size(size_t n);
  // Connects input i (growing the input list if needed) to `value`.
  void set_argument(size_t i, const Output<Node>& value);
  // Replaces all inputs.
  void set_arguments(const OutputVector& values);
  void set_arguments(const NodeVector& nodes);

  AnyMap& get_rt_info() { return m_rt_info; }
  const AnyMap& get_rt_info() const { return m_rt_info; }

  // For the port classes.
  struct InputSlot {
    Output<Node> source;
    AnyMap rt_info;
  };
  struct OutputSlot {
    element::Type type = element::dynamic;
    PartialShape shape = PartialShape::dynamic();
    Shape static_shape;  // valid when shape is static
    std::shared_ptr<TensorNames> names = std::make_shared<TensorNames>();
    std::vector<Input<Node>> targets;
    AnyMap rt_info;
  };
  InputSlot& input_slot(size_t i);
  const InputSlot& input_slot(size_t i) const;
  OutputSlot& output_slot(size_t i);
  const OutputSlot& output_slot(size_t i) const;

  // Throws ferry::Exception: "<describe()>: <parts>".
  template <typename... Parts>
  [[noreturn]] void node_error(const Parts&... parts) const {
    Exception::raise(describe(), ": ", parts...);
  }

 protected:
  Node();
  // Connects the arguments and sizes the outputs; call constructor_validate_and_infer_types()
  // at the end of the derived constructor.
  explicit Node(const OutputVector& arguments, size_t output_size = 1);
  void constructor_validate_and_infer_types() { validate_and_infer_types(); }

 private:
  void disconnect_input(size_t i);

  const size_t m_instance_id;
  mutable std::once_flag m_name_once;
  mutable std::string m_unique_name;
  std::string m_friendly_name;
  std::vector<InputSlot> m_inputs;
  std::vector<OutputSlot> m_outputs;
  AnyMap m_rt_info;
};

using NodeTypeInfo = DiscreteTypeInfo;

// True when `node` is exactly op type T (same name and version).
template <typename T>
bool is_type(const Node* node) {
  return node && node->get_type_info() == T::get_type_info_static();
}
template <typename T, typename N>
bool is_type(const std::shared_ptr<N>& node) {
  return is_type<T>(node.get());
}
template <typename T, typename N>
std::shared_ptr<T> as_type_ptr(const std::shared_ptr<N>& node) {
  return std::dynamic_pointer_cast<T>(node);
}

std::ostream& operator<<(std::ostream& out, const Node& node);

}  // namespace ferry

// Inside a Node member: throws "<node>: <parts>" when cond is false.
#define FERRY_NODE_CHECK(cond, ...)             \
  do {                                          \
    if (!(cond)) this->node_error(__VA_ARGS__); \
  } while (0)
