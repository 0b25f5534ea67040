#include "ferry/graph/reference_executor.hpp"

#include <map>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {

// Values live in numbered slots; each step reads and writes slots and then drops the values
// no later step reads, so intermediate memory is released as early as possible.
struct ReferenceExecutor::Plan {
  struct Step {
    std::shared_ptr<const Node> node;
    std::vector<size_t> inputs;
    std::vector<size_t> outputs;
    std::vector<size_t> release_after;
  };
  size_t slot_count = 0;
  std::vector<size_t> parameter_slots;
  std::vector<std::pair<size_t, Tensor>> constants;  // views of the Constants' data
  std::vector<bool> slot_is_shared;                  // a parameter's or a constant's value
  std::vector<Step> steps;
  std::vector<size_t> result_slots;
};

ReferenceExecutor::ReferenceExecutor(std::shared_ptr<const Model> model)
    : m_model(std::move(model)), m_plan(std::make_unique<Plan>()) {
  FERRY_ASSERT(m_model, "ReferenceExecutor: no model");
  Plan& plan = *m_plan;
  std::map<std::pair<const Node*, size_t>, size_t> slot_of;
  auto new_slot = [&](const Node* node, size_t index) {
    slot_of[{node, index}] = plan.slot_count;
    plan.slot_is_shared.push_back(false);
    return plan.slot_count++;
  };
  auto read_slot = [&](const Node& node, size_t i) {
    const Output<Node> value = node.input_value(i);
    auto it = slot_of.find({value.get_node(), value.get_index()});
    FERRY_ASSERT(it != slot_of.end(), "model '", m_model->get_friendly_name(), "': input ", i, " of ", node.describe(),
                 " reads a value that is not computed before it");
    return it->second;
  };
  for (const auto& parameter : m_model->get_parameters()) {
    plan.parameter_slots.push_back(new_slot(parameter.get(), 0));
    plan.slot_is_shared.back() = true;
  }
  std::vector<size_t> last_use;
  for (const auto& node : m_model->get_ordered_ops()) {
    if (is_type<op::v0::Parameter>(node)) continue;
    if (is_type<op::v0::Result>(node)) {
      plan.result_slots.push_back(0);  // placed below, in model result order
      continue;
    }
    if (auto constant = std::dynamic_pointer_cast<const op::v0::Constant>(node)) {
      TensorVector view(1);
      constant->evaluate(view, {});
      const size_t slot = new_slot(node.get(), 0);
      plan.slot_is_shared[slot] = true;
      plan.constants.emplace_back(slot, view[0]);
      continue;
    }
    Plan::Step step;
    step.node = node;
    for (size_t i = 0; i < node->get_input_size(); ++i) step.inputs.push_back(read_slot(*node, i));
    for (size_t i = 0; i < node->get_output_size(); ++i) step.outputs.push_back(new_slot(node.get(), i));
    plan.steps.push_back(std::move(step));
  }
  plan.result_slots.clear();
  for (const auto& result : m_model->get_results()) plan.result_slots.push_back(read_slot(*result, 0));

  // Release each slot after the last step reading it, unless a result needs it.
  last_use.assign(plan.slot_count, SIZE_MAX);
  for (size_t s = 0; s < plan.steps.size(); ++s)
    for (size_t slot : plan.steps[s].inputs) last_use[slot] = s;
  for (size_t slot : plan.result_slots) last_use[slot] = SIZE_MAX;
  for (size_t slot = 0; slot < plan.slot_count; ++slot)
    if (last_use[slot] != SIZE_MAX) plan.steps[last_use[slot]].release_after.push_back(slot);
}

ReferenceExecutor::~ReferenceExecutor() = default;

void ReferenceExecutor::run(const TensorVector& inputs, TensorVector& outputs) const {
  const Plan& plan = *m_plan;
  const auto& parameters = m_model->get_parameters();
  FERRY_ASSERT(inputs.size() == parameters.size(), "model '", m_model->get_friendly_name(), "' expects ",
               parameters.size(), " input tensors, got ", inputs.size());
  TensorVector slots(plan.slot_count);
  for (size_t i = 0; i < parameters.size(); ++i) {
    const auto& parameter = *parameters[i];
    const Tensor& tensor = inputs[i];
    FERRY_ASSERT(tensor, "model '", m_model->get_friendly_name(), "': input tensor ", i, " (", parameter.describe(),
                 ") is empty");
    const bool type_ok = parameter.get_element_type().compatible(tensor.get_element_type());
    const bool shape_ok = PartialShape(tensor.get_shape()).refines(parameter.get_partial_shape());
    FERRY_ASSERT(type_ok && shape_ok, "model '", m_model->get_friendly_name(), "': input ", i, " (",
                 parameter.describe(), ") accepts ", parameter.get_element_type(), " ", parameter.get_partial_shape(),
                 ", got a tensor of ", tensor.get_element_type(), " ", tensor.get_shape());
    slots[plan.parameter_slots[i]] = tensor;
  }
  for (const auto& constant : plan.constants) slots[constant.first] = constant.second;

  TensorVector step_inputs, step_outputs;
  for (const auto& step : plan.steps) {
    step_inputs.clear();
    for (size_t slot : step.inputs) step_inputs.push_back(slots[slot]);
    step_outputs.assign(step.outputs.size(), Tensor());
    bool done = false;
    try {
      done = step.node->evaluate(step_outputs, step_inputs);
    } catch (const Exception& e) {
      Exception::raise("model '", m_model->get_friendly_name(), "': ", e.what());
    }
    if (!done) {
      std::string types;
      for (const auto& t : step_inputs) types += (types.empty() ? "" : ", ") + t.get_element_type().get_type_name();
      Exception::raise("model '", m_model->get_friendly_name(), "': ", step.node->describe(),
                       " has no reference implementation for inputs of type ", types);
    }
    for (size_t k = 0; k < step.outputs.size(); ++k) slots[step.outputs[k]] = std::move(step_outputs[k]);
    for (size_t slot : step.release_after) slots[slot] = Tensor();
  }

  outputs.resize(plan.result_slots.size());
  for (size_t i = 0; i < plan.result_slots.size(); ++i) {
    const size_t slot = plan.result_slots[i];
    const Tensor& value = slots[slot];
    if (outputs[i]) {
      value.copy_to(outputs[i]);
    } else if (plan.slot_is_shared[slot]) {  // never hand out the caller's input or a constant
      outputs[i] = Tensor(value.get_element_type(), value.get_shape());
      value.copy_to(outputs[i]);
    } else {
      outputs[i] = value;
    }
  }
}

}  // namespace ferry
