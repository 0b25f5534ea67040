#include "ferry/graph/model.hpp"

#include <atomic>
#include <unordered_map>
#include <unordered_set>

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/reference_executor.hpp"

namespace ferry {
namespace {

std::atomic<size_t> g_next_model_id{0};

ResultVector make_results(const OutputVector& outputs) {
  ResultVector results;
  for (const auto& output : outputs) {
    auto existing = std::dynamic_pointer_cast<op::v0::Result>(output.get_node_shared_ptr());
    results.push_back(existing ? existing : std::make_shared<op::v0::Result>(output));
  }
  return results;
}

}  // namespace

Model::Model(const ResultVector& results, const ParameterVector& parameters, const std::string& name)
    : m_name(name),
      m_unique_name("Model" + std::to_string(g_next_model_id.fetch_add(1))),
      m_parameters(parameters),
      m_results(results) {
  for (size_t i = 0; i < m_results.size(); ++i)
    FERRY_ASSERT(m_results[i], "model '", get_friendly_name(), "': result ", i, " is null");
  for (size_t i = 0; i < m_parameters.size(); ++i)
    FERRY_ASSERT(m_parameters[i], "model '", get_friendly_name(), "': parameter ", i, " is null");
  check_parameters_are_known();
}

Model::Model(const OutputVector& results, const ParameterVector& parameters, const std::string& name)
    : Model(make_results(results), parameters, name) {}

Model::Model(const std::shared_ptr<Node>& result, const ParameterVector& parameters, const std::string& name)
    : Model(OutputVector{Output<Node>(result, 0)}, parameters, name) {}

int64_t Model::get_parameter_index(const std::shared_ptr<op::v0::Parameter>& parameter) const {
  for (size_t i = 0; i < m_parameters.size(); ++i)
    if (m_parameters[i] == parameter) return int64_t(i);
  return -1;
}

int64_t Model::get_result_index(const Output<const Node>& value) const {
  for (size_t i = 0; i < m_results.size(); ++i) {
    if (m_results[i].get() == value.get_node()) return int64_t(i);
    const Output<Node> read = m_results[i]->input_value(0);
    if (read.get_node() == value.get_node() && read.get_index() == value.get_index()) return int64_t(i);
  }
  return -1;
}

// --- inputs and outputs -----------------------------------------------------------------------
std::vector<Output<Node>> Model::inputs() {
  std::vector<Output<Node>> result;
  for (const auto& p : m_parameters) result.push_back(p->output(0));
  return result;
}
std::vector<Output<const Node>> Model::inputs() const {
  std::vector<Output<const Node>> result;
  for (const auto& p : m_parameters) result.emplace_back(std::shared_ptr<const Node>(p), 0);
  return result;
}
std::vector<Output<Node>> Model::outputs() {
  std::vector<Output<Node>> result;
  for (const auto& r : m_results) result.push_back(r->output(0));
  return result;
}
std::vector<Output<const Node>> Model::outputs() const {
  std::vector<Output<const Node>> result;
  for (const auto& r : m_results) result.emplace_back(std::shared_ptr<const Node>(r), 0);
  return result;
}

namespace {

template <typename Port>
Port pick_single(const std::vector<Port>& ports, const std::string& model, const char* kind) {
  FERRY_ASSERT(ports.size() == 1, "model '", model, "' has ", ports.size(), " ", kind, "s; ", kind,
               "() needs exactly one (use ", kind, "(index) or ", kind, "(name))");
  return ports[0];
}

template <typename Port>
Port pick_index(const std::vector<Port>& ports, size_t i, const std::string& model, const char* kind) {
  FERRY_ASSERT(i < ports.size(), "model '", model, "' has no ", kind, " ", i, " (it has ", ports.size(), ")");
  return ports[i];
}

// By tensor name, then by the node's friendly name (Parameter/Result names in IR models).
template <typename Port>
Port pick_name(const std::vector<Port>& ports, const std::string& name, const std::string& model, const char* kind) {
  for (const auto& port : ports)
    if (port.get_names().count(name)) return port;
  for (const auto& port : ports) {
    const Node* node = port.get_node();
    if (node->get_friendly_name() == name) return port;
    if (std::string(kind) == "output" && node->get_input_node_ptr(0)->get_friendly_name() == name) return port;
  }
  std::string known;
  for (const auto& port : ports) {
    std::string names;
    for (const auto& n : port.get_names()) names += (names.empty() ? "" : "/") + n;
    known += (known.empty() ? "" : ", ") + (names.empty() ? port.get_node()->get_friendly_name() : names);
  }
  Exception::raise("model '", model, "' has no ", kind, " named '", name, "' (its ", kind, "s: ", known, ")");
}

}  // namespace

Output<Node> Model::input() { return pick_single(inputs(), get_friendly_name(), "input"); }
Output<const Node> Model::input() const { return pick_single(inputs(), get_friendly_name(), "input"); }
Output<Node> Model::input(size_t i) { return pick_index(inputs(), i, get_friendly_name(), "input"); }
Output<const Node> Model::input(size_t i) const { return pick_index(inputs(), i, get_friendly_name(), "input"); }
Output<Node> Model::input(const std::string& name) { return pick_name(inputs(), name, get_friendly_name(), "input"); }
Output<const Node> Model::input(const std::string& name) const {
  return pick_name(inputs(), name, get_friendly_name(), "input");
}
Output<Node> Model::output() { return pick_single(outputs(), get_friendly_name(), "output"); }
Output<const Node> Model::output() const { return pick_single(outputs(), get_friendly_name(), "output"); }
Output<Node> Model::output(size_t i) { return pick_index(outputs(), i, get_friendly_name(), "output"); }
Output<const Node> Model::output(size_t i) const { return pick_index(outputs(), i, get_friendly_name(), "output"); }
Output<Node> Model::output(const std::string& name) {
  return pick_name(outputs(), name, get_friendly_name(), "output");
}
Output<const Node> Model::output(const std::string& name) const {
  return pick_name(outputs(), name, get_friendly_name(), "output");
}

// --- editing ------------------------------------------------------------------------------------
void Model::add_parameters(const ParameterVector& parameters) {
  for (const auto& p : parameters) {
    FERRY_ASSERT(p, "model '", get_friendly_name(), "': add_parameters: null parameter");
    FERRY_ASSERT(get_parameter_index(p) < 0, "model '", get_friendly_name(), "': ", p->describe(),
                 " is already a parameter");
    m_parameters.push_back(p);
  }
}

void Model::add_results(const ResultVector& results) {
  for (const auto& r : results) {
    FERRY_ASSERT(r, "model '", get_friendly_name(), "': add_results: null result");
    m_results.push_back(r);
  }
  check_parameters_are_known();
}

void Model::remove_parameter(const std::shared_ptr<op::v0::Parameter>& parameter) {
  const int64_t i = get_parameter_index(parameter);
  FERRY_ASSERT(i >= 0, "model '", get_friendly_name(), "': ", parameter ? parameter->describe() : "null",
               " is not a parameter");
  m_parameters.erase(m_parameters.begin() + i);
  try {
    check_parameters_are_known();
  } catch (const Exception&) {
    m_parameters.insert(m_parameters.begin() + i, parameter);
    Exception::raise("model '", get_friendly_name(), "': cannot remove ", parameter->describe(), ": it is still used");
  }
}

void Model::remove_result(const std::shared_ptr<op::v0::Result>& result) {
  for (size_t i = 0; i < m_results.size(); ++i) {
    if (m_results[i] == result) {
      m_results.erase(m_results.begin() + i);
      return;
    }
  }
  Exception::raise("model '", get_friendly_name(), "': ", result ? result->describe() : "null", " is not a result");
}

void Model::replace_parameter(size_t i, const std::shared_ptr<op::v0::Parameter>& parameter) {
  FERRY_ASSERT(i < m_parameters.size(), "model '", get_friendly_name(), "' has no parameter ", i);
  FERRY_ASSERT(parameter, "model '", get_friendly_name(), "': replace_parameter: null parameter");
  m_parameters[i] = parameter;
}

// --- topology -----------------------------------------------------------------------------------
std::vector<std::shared_ptr<Node>> Model::get_ordered_ops() const {
  std::vector<std::shared_ptr<Node>> order;
  std::unordered_set<const Node*> visited;
  // Unused parameters still belong to the model; list parameters first, in order.
  for (const auto& p : m_parameters) {
    if (visited.insert(p.get()).second) order.push_back(p);
  }
  // Iterative post-order DFS from the results: deep graphs must not overflow the stack.
  struct Frame {
    Node* node;
    size_t next_input;
  };
  std::vector<Frame> stack;
  for (const auto& result : m_results) {
    if (visited.count(result.get())) continue;
    visited.insert(result.get());
    stack.push_back({result.get(), 0});
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next_input < top.node->get_input_size()) {
        Node* producer = top.node->get_input_node_ptr(top.next_input++);
        FERRY_ASSERT(producer, "model '", get_friendly_name(), "': input ", top.next_input - 1, " of ",
                     top.node->describe(), " is not connected");
        if (visited.insert(producer).second) stack.push_back({producer, 0});
      } else {
        order.push_back(top.node->shared_from_this());
        stack.pop_back();
      }
    }
  }
  return order;
}

void Model::check_parameters_are_known() const {
  std::unordered_set<const Node*> known;
  for (const auto& p : m_parameters) known.insert(p.get());
  for (const auto& node : get_ordered_ops()) {
    if (is_type<op::v0::Parameter>(node) && !known.count(node.get()))
      Exception::raise("model '", get_friendly_name(), "': ", node->describe(),
                       " is used but is not one of the model's parameters");
  }
}

void Model::validate_nodes_and_infer_types() const {
  check_parameters_are_known();
  for (const auto& node : get_ordered_ops()) {
    try {
      node->validate_and_infer_types();
    } catch (const Exception& e) {
      Exception::raise("model '", get_friendly_name(), "': ", e.what());
    }
  }
}

bool Model::is_dynamic() const {
  for (const auto& node : get_ordered_ops())
    for (size_t i = 0; i < node->get_output_size(); ++i)
      if (node->get_output_partial_shape(i).is_dynamic()) return true;
  return false;
}

// --- reshape ------------------------------------------------------------------------------------
void Model::reshape(const PartialShape& shape) { reshape(std::map<Output<Node>, PartialShape>{{input(), shape}}); }

void Model::reshape(const std::map<size_t, PartialShape>& shapes) {
  std::map<Output<Node>, PartialShape> by_port;
  for (const auto& entry : shapes) by_port[input(entry.first)] = entry.second;
  reshape(by_port);
}

void Model::reshape(const std::map<std::string, PartialShape>& shapes) {
  std::map<Output<Node>, PartialShape> by_port;
  for (const auto& entry : shapes) by_port[input(entry.first)] = entry.second;
  reshape(by_port);
}

void Model::reshape(const std::map<Output<Node>, PartialShape>& shapes) {
  std::vector<std::pair<std::shared_ptr<op::v0::Parameter>, PartialShape>> changes;
  for (const auto& entry : shapes) {
    auto parameter = std::dynamic_pointer_cast<op::v0::Parameter>(entry.first.get_node_shared_ptr());
    FERRY_ASSERT(parameter && get_parameter_index(parameter) >= 0, "model '", get_friendly_name(),
                 "': reshape: ", entry.first, " is not an input of the model");
    changes.emplace_back(parameter, entry.second);
  }
  // Remember every output's type and shape so a failed reshape leaves the model untouched.
  const auto ops = get_ordered_ops();
  std::vector<std::vector<std::pair<element::Type, PartialShape>>> saved;
  for (const auto& node : ops) {
    saved.emplace_back();
    for (size_t i = 0; i < node->get_output_size(); ++i)
      saved.back().emplace_back(node->get_output_element_type(i), node->get_output_partial_shape(i));
  }
  std::vector<PartialShape> old_shapes;
  for (const auto& change : changes) {
    old_shapes.push_back(change.first->get_partial_shape());
    change.first->set_partial_shape(change.second);
  }
  try {
    validate_nodes_and_infer_types();
  } catch (const Exception& e) {
    for (size_t i = 0; i < changes.size(); ++i) changes[i].first->set_partial_shape(old_shapes[i]);
    for (size_t n = 0; n < ops.size(); ++n)
      for (size_t i = 0; i < saved[n].size(); ++i) ops[n]->set_output_type(i, saved[n][i].first, saved[n][i].second);
    Exception::raise("reshape failed, the model keeps its shapes: ", e.what());
  }
}

// --- clone and evaluate -------------------------------------------------------------------------
std::shared_ptr<Model> Model::clone() const {
  std::unordered_map<const Node*, std::shared_ptr<Node>> copies;
  for (const auto& node : get_ordered_ops()) {
    OutputVector inputs;
    for (const auto& value : node->input_values()) inputs.emplace_back(copies.at(value.get_node()), value.get_index());
    auto copy = node->clone_with_new_inputs(inputs);
    copy->set_friendly_name(node->get_friendly_name());
    copy->get_rt_info() = node->get_rt_info();
    for (size_t i = 0; i < node->get_input_size(); ++i) copy->input_slot(i).rt_info = node->input_slot(i).rt_info;
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      if (!is_type<op::v0::Result>(node))
        copy->output(i).set_names(node->output_slot(i).names ? *node->output_slot(i).names : TensorNames{});
      copy->output_slot(i).rt_info = node->output_slot(i).rt_info;
    }
    copies[node.get()] = copy;
  }
  ParameterVector parameters;
  for (const auto& p : m_parameters)
    parameters.push_back(std::static_pointer_cast<op::v0::Parameter>(copies.at(p.get())));
  ResultVector results;
  for (const auto& r : m_results) results.push_back(std::static_pointer_cast<op::v0::Result>(copies.at(r.get())));
  auto model = std::make_shared<Model>(results, parameters, m_name);
  model->m_rt_info = m_rt_info;
  return model;
}

bool Model::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  std::shared_ptr<const Model> self = weak_from_this().lock();
  if (!self) self = std::shared_ptr<const Model>(std::shared_ptr<const Model>(), this);  // not owned: no-op handle
  ReferenceExecutor(self).run(inputs, outputs);
  return true;
}

}  // namespace ferry
