#pragma once

#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "ferry/base/partial_shape.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

namespace op {
namespace v0 {
class Parameter;
class Result;
}  // namespace v0
}  // namespace op

using ParameterVector = std::vector<std::shared_ptr<op::v0::Parameter>>;
using ResultVector = std::vector<std::shared_ptr<op::v0::Result>>;

// A graph with ordered inputs (Parameters) and outputs (Results).
class Model : public std::enable_shared_from_this<Model> {
 public:
  Model(const ResultVector& results, const ParameterVector& parameters, const std::string& name = "");
  // Adds a Result for each output (a Result given as an output is used as is).
  Model(const OutputVector& results, const ParameterVector& parameters, const std::string& name = "");
  Model(const std::shared_ptr<Node>& result, const ParameterVector& parameters, const std::string& name = "");

  const std::string& get_name() const { return m_unique_name; }  // unique "Model<n>"
  const std::string& get_friendly_name() const { return m_name.empty() ? m_unique_name : m_name; }
  void set_friendly_name(const std::string& name) { m_name = name; }

  const ParameterVector& get_parameters() const { return m_parameters; }
  const ResultVector& get_results() const { return m_results; }
  // Position of a parameter/result in the model's lists, or -1.
  int64_t get_parameter_index(const std::shared_ptr<op::v0::Parameter>& parameter) const;
  int64_t get_result_index(const Output<const Node>& value) const;

  // Model inputs are the Parameters' outputs; model outputs are the Results' outputs, whose
  // tensor names are those of the values the Results read.
  std::vector<Output<Node>> inputs();
  std::vector<Output<const Node>> inputs() const;
  std::vector<Output<Node>> outputs();
  std::vector<Output<const Node>> outputs() const;
  Output<Node> input();  // the only input; throws when there are several
  Output<const Node> input() const;
  Output<Node> input(size_t i);
  Output<const Node> input(size_t i) const;
  Output<Node> input(const std::string& tensor_name);  // throws naming the missing name
  Output<const Node> input(const std::string& tensor_name) const;
  Output<Node> output();
  Output<const Node> output() const;
  Output<Node> output(size_t i);
  Output<const Node> output(size_t i) const;
  Output<Node> output(const std::string& tensor_name);
  Output<const Node> output(const std::string& tensor_name) const;

  // The i-th output's Result and its port's type and shape; throw naming the model when i is out
  // of range (as does get_result when the model has several outputs).
  size_t get_output_size() const { return m_results.size(); }
  std::shared_ptr<Node> get_output_op(size_t i) const;
  const element::Type& get_output_element_type(size_t i) const;
  const PartialShape& get_output_partial_shape(size_t i) const;
  const Shape& get_output_shape(size_t i) const;  // throws naming the port when dynamic
  std::shared_ptr<Node> get_result() const;

  // Makes a value inside the graph a model output: a Result reading it is added, unless one
  // already does (then its output is returned). The value is found by tensor name, or by the
  // friendly name of the node and the output's index; throws naming what was not found.
  Output<Node> add_output(const std::string& tensor_name);
  Output<Node> add_output(const std::string& op_name, size_t output_index);
  Output<Node> add_output(const Output<Node>& value);

  // Editing the interface (pre/post-processing, plugins' transformations).
  void add_parameters(const ParameterVector& parameters);
  void add_results(const ResultVector& results);
  void remove_parameter(const std::shared_ptr<op::v0::Parameter>& parameter);  // must be unused
  void remove_result(const std::shared_ptr<op::v0::Result>& result);
  // Puts `parameter` at position i; consumers of the old one keep reading the old one unless
  // they are rewired (old->output(0).replace(...)) by the caller.
  void replace_parameter(size_t i, const std::shared_ptr<op::v0::Parameter>& parameter);

  // Every node, each after the producers of its inputs; deterministic.
  std::vector<std::shared_ptr<Node>> get_ordered_ops() const;
  std::vector<std::shared_ptr<Node>> get_ops() const { return get_ordered_ops(); }

  // Re-runs shape inference in topological order. Throws, naming the model and node, when a
  // node fails or reads a Parameter that is not one of the model's parameters.
  void validate_nodes_and_infer_types() const;
  bool is_dynamic() const;  // some op has a dynamic output shape

  // New parameter shapes, then revalidation; on failure every shape is restored and the error
  // names the failing node.
  void reshape(const PartialShape& shape);  // the only input
  void reshape(const std::map<size_t, PartialShape>& shapes);
  void reshape(const std::map<std::string, PartialShape>& shapes);  // by tensor name
  void reshape(const std::map<Output<Node>, PartialShape>& shapes);

  // A deep copy (Constants share their data).
  std::shared_ptr<Model> clone() const;

  // Reference execution (see ReferenceExecutor). outputs is resized to the number of results;
  // non-empty entries get the result's data copied into them. Returns true.
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const;

  AnyMap& get_rt_info() { return m_rt_info; }
  const AnyMap& get_rt_info() const { return m_rt_info; }

  // An entry of the rt_info by its path through nested maps: get_rt_info<std::string>("a", "b")
  // reads rt_info["a"]["b"] as text; set_rt_info(value, "a", "b") creates the maps on the way.
  // Throws naming the path when an entry is missing or is not a map where the path goes on.
  template <typename T, typename Key, typename... Keys>
  const T& get_rt_info(const Key& key, const Keys&... keys) const {
    return get_rt_info<T>(std::vector<std::string>{key, keys...});
  }
  template <typename T>
  const T& get_rt_info(const std::vector<std::string>& path) const {
    const Any& value = rt_info_at(path);
    if constexpr (std::is_same<T, Any>::value) {
      return value;
    } else {
      return value.as<T>();
    }
  }
  template <typename Key, typename... Keys>
  bool has_rt_info(const Key& key, const Keys&... keys) const {
    return has_rt_info(std::vector<std::string>{key, keys...});
  }
  bool has_rt_info(const std::vector<std::string>& path) const;
  template <typename T, typename Key, typename... Keys>
  void set_rt_info(const T& value, const Key& key, const Keys&... keys) {
    rt_info_slot(std::vector<std::string>{key, keys...}) = value;
  }
  template <typename T>
  void set_rt_info(const T& value, const std::vector<std::string>& path) {
    rt_info_slot(path) = value;
  }

 private:
  void check_parameters_are_known() const;
  const Any& rt_info_at(const std::vector<std::string>& path) const;
  Any& rt_info_slot(const std::vector<std::string>& path);

  std::string m_name;
  std::string m_unique_name;
  ParameterVector m_parameters;
  ResultVector m_results;
  AnyMap m_rt_info;
};

}  // namespace ferry
