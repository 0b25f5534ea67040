#include "execution_plan.hpp"

#include <time.h>

#include <chrono>
#include <map>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry::template_plugin {
namespace {

using std::chrono::microseconds;

// CPU time the calling thread has used: what ProfilingInfo::cpu_time reports.
microseconds thread_cpu_time() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return microseconds(static_cast<int64_t>(now.tv_sec) * 1000000 + now.tv_nsec / 1000);
}

std::string describe_op(const Node& node) {
  return "op '" + node.get_friendly_name() + "' of type " + node.get_type_info().name + " (" +
         node.get_type_info().version_id + ")";
}

}  // namespace

bool ExecutionPlan::is_supported(const Node& node) { return node.has_evaluate() || is_type<op::v0::Parameter>(&node); }

ExecutionPlan::ExecutionPlan(std::shared_ptr<const Model> model) : m_model(std::move(model)) {
  FERRY_ASSERT(m_model, "ExecutionPlan: the model is null");
  std::map<const Node*, size_t> first_slot;  // slot of each node's output 0
  std::map<const Node*, size_t> step_of;     // index in m_steps of each computed node
  const auto slot_of = [&](const Output<Node>& value) { return first_slot.at(value.get_node()) + value.get_index(); };

  m_parameter_slots.resize(m_model->get_parameters().size());
  for (const auto& node : m_model->get_ordered_ops()) {
    FERRY_ASSERT(is_supported(*node), "model '", m_model->get_friendly_name(), "': ", describe_op(*node),
                 " has no reference kernel");
    if (is_type<op::v0::Result>(node)) continue;  // a model output reads its value's slot
    first_slot[node.get()] = m_slot_count;
    m_slot_count += node->get_output_size();
    if (const auto parameter = as_type_ptr<op::v0::Parameter>(node)) {
      m_parameter_slots.at(m_model->get_parameter_index(parameter)) = first_slot[node.get()];
    } else if (is_type<op::v0::Constant>(node)) {
      TensorVector value(1);
      FERRY_ASSERT(node->evaluate(value, {}), "model '", m_model->get_friendly_name(), "': ", describe_op(*node),
                   " could not be evaluated");
      m_constants.emplace_back(first_slot[node.get()], value[0]);
    } else {
      Step step;
      step.node = node;
      for (const auto& input : node->input_values()) step.inputs.push_back(slot_of(input));
      for (size_t i = 0; i < node->get_output_size(); ++i) step.outputs.push_back(first_slot[node.get()] + i);
      step.bound.assign(node->get_output_size(), -1);
      step_of[node.get()] = m_steps.size();
      m_steps.push_back(std::move(step));
    }
  }

  const auto& results = m_model->get_results();
  for (size_t k = 0; k < results.size(); ++k) {
    const Output<Node> value = results[k]->input_value(0);
    const auto producer = step_of.find(value.get_node());
    if (producer != step_of.end()) {
      int64_t& bound = m_steps[producer->second].bound[value.get_index()];
      if (bound < 0) {
        bound = static_cast<int64_t>(k);
        continue;
      }
    }
    m_copies.push_back({slot_of(value), k});
  }
}

ExecutionPlan::State ExecutionPlan::make_state() const {
  State state;
  state.slots.resize(m_slot_count);
  for (const auto& [slot, value] : m_constants) state.slots[slot] = value;
  for (const Step& step : m_steps) {
    for (size_t i = 0; i < step.outputs.size(); ++i) {
      const auto& type = step.node->get_output_element_type(i);
      const auto& shape = step.node->get_output_partial_shape(i);
      if (step.bound[i] < 0 && type.is_static() && shape.is_static())
        state.slots[step.outputs[i]] = Tensor(type, shape.to_shape());
    }
  }
  return state;
}

void ExecutionPlan::run(State& state, const TensorVector& inputs, TensorVector& outputs,
                        std::vector<ProfilingInfo>* profile) const {
  FERRY_ASSERT(inputs.size() == m_parameter_slots.size() && outputs.size() == m_model->get_results().size(),
               "ExecutionPlan::run: model '", m_model->get_friendly_name(), "' takes ", m_parameter_slots.size(),
               " inputs and ", m_model->get_results().size(), " outputs, got ", inputs.size(), " and ", outputs.size());
  TensorVector& slots = state.slots;
  for (size_t i = 0; i < inputs.size(); ++i) slots[m_parameter_slots[i]] = inputs[i];
  if (profile) profile->clear();

  for (const Step& step : m_steps) {
    state.arguments.clear();
    for (size_t slot : step.inputs) state.arguments.push_back(slots[slot]);
    state.results.clear();
    for (size_t i = 0; i < step.outputs.size(); ++i)
      state.results.push_back(step.bound[i] >= 0 ? outputs[step.bound[i]] : slots[step.outputs[i]]);

    const auto wall_start = std::chrono::steady_clock::now();
    const microseconds cpu_start = profile ? thread_cpu_time() : microseconds(0);
    FERRY_ASSERT(step.node->evaluate(state.results, state.arguments), "model '", m_model->get_friendly_name(),
                 "': the reference kernel of ", describe_op(*step.node), " does not support its input types");
    if (profile) {
      ProfilingInfo record;
      record.status = ProfilingInfo::Status::EXECUTED;
      record.real_time = std::chrono::duration_cast<microseconds>(std::chrono::steady_clock::now() - wall_start);
      record.cpu_time = thread_cpu_time() - cpu_start;
      record.node_name = step.node->get_friendly_name();
      record.node_type = step.node->get_type_name();
      record.exec_type = "reference";
      profile->push_back(std::move(record));
    }

    for (size_t i = 0; i < step.outputs.size(); ++i) {
      slots[step.outputs[i]] = state.results[i];
      if (step.bound[i] >= 0) outputs[step.bound[i]] = state.results[i];
    }
  }

  for (const Copy& copy : m_copies) {
    const Tensor& value = slots[copy.slot];
    if (!outputs[copy.output]) outputs[copy.output] = Tensor(value.get_element_type(), value.get_shape());
    value.copy_to(outputs[copy.output]);
  }
  // Keep no reference to the caller's tensors between inferences.
  for (size_t slot : m_parameter_slots) slots[slot] = Tensor();
  for (const Step& step : m_steps) {
    for (size_t i = 0; i < step.outputs.size(); ++i)
      if (step.bound[i] >= 0) slots[step.outputs[i]] = Tensor();
  }
}

}  // namespace ferry::template_plugin
