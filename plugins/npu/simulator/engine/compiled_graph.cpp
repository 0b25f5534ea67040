#include "compiled_graph.hpp"

#include <chrono>
#include <cstring>
#include <map>
#include <set>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "onednn_step.hpp"
#include "step.hpp"

namespace ferry::npu::engine {

// Values live in numbered slots. Parameters and results are bound to the caller's memory, the
// constants to views of their data; every other slot gets a buffer just before the step that
// writes it and loses it after the last step that reads it.
struct CompiledGraph::Plan {
  struct SlotInfo {
    element::Type type;
    Shape shape;
  };
  std::vector<SlotInfo> slots;
  std::vector<size_t> parameter_slots;
  std::vector<std::pair<size_t, Tensor>> constants;
  std::vector<std::unique_ptr<Step>> steps;
  // Per step: which of its outputs write a result in place (result index, else -1), and the
  // slots to release after it.
  std::vector<std::vector<int64_t>> writes_result;
  std::vector<std::vector<size_t>> release_after;
  // Results no step writes in place: copied from their slot at the end.
  std::vector<std::pair<size_t, size_t>> copied_results;  // (slot, result index)
};

namespace {

using Clock = std::chrono::steady_clock;

std::optional<LoweredOp> lower_to_onednn(const std::shared_ptr<const Node>& node) {
  for (auto lower : {lower_convolution, lower_pooling, lower_matmul})
    if (auto lowered = lower(node)) return lowered;
  return std::nullopt;
}

}  // namespace

CompiledGraph::CompiledGraph(std::shared_ptr<const Model> model)
    : model_(std::move(model)), plan_(std::make_unique<Plan>()) {
  FERRY_ASSERT(model_, "CompiledGraph: no model");
  Plan& plan = *plan_;
  std::map<std::pair<const Node*, size_t>, size_t> slot_of;
  auto new_slot = [&](const Output<const Node>& value) {
    FERRY_ASSERT(value.get_partial_shape().is_static(), "model '", model_->get_friendly_name(),
                 "': ", value.get_node()->describe(), " has the dynamic shape ", value.get_partial_shape(),
                 ": the engine compiles static shapes only");
    slot_of[{value.get_node(), value.get_index()}] = plan.slots.size();
    plan.slots.push_back({value.get_element_type(), value.get_partial_shape().to_shape()});
    return plan.slots.size() - 1;
  };
  auto read_slot = [&](const Output<Node>& value) { return slot_of.at({value.get_node(), value.get_index()}); };

  for (const auto& parameter : model_->get_parameters()) plan.parameter_slots.push_back(new_slot(parameter->output(0)));
  std::set<const Node*> absorbed;  // ops fused into an earlier step
  for (const auto& node : model_->get_ordered_ops()) {
    if (is_type<op::v0::Parameter>(node) || is_type<op::v0::Result>(node) || absorbed.count(node.get())) continue;
    if (auto constant = std::dynamic_pointer_cast<const op::v0::Constant>(node)) {
      TensorVector view(1);
      constant->evaluate(view, {});
      plan.constants.emplace_back(new_slot(node->output(0)), view[0]);
      continue;
    }
    std::unique_ptr<Step> step;
    std::shared_ptr<const Node> last = node;  // the op whose output the step writes
    if (auto lowered = lower_to_onednn(node)) {
      step = std::move(lowered->step);
      for (const auto& op : lowered->absorbed) absorbed.insert(op.get());
      if (!lowered->absorbed.empty()) last = lowered->absorbed.back();
      for (const auto& value : lowered->reads) step->inputs.push_back(read_slot(value));
    } else {
      FERRY_ASSERT(node->has_evaluate(), "model '", model_->get_friendly_name(), "': ", node->describe(),
                   " has no kernel on the device");
      step = make_reference_step(node);
      for (size_t i = 0; i < node->get_input_size(); ++i) step->inputs.push_back(read_slot(node->input_value(i)));
    }
    for (size_t i = 0; i < last->get_output_size(); ++i) step->outputs.push_back(new_slot(last->output(i)));
    plan.steps.push_back(std::move(step));
  }

  // Results: written in place by the step computing them when that step's slot is the
  // result's alone; copied otherwise.
  std::map<size_t, std::pair<size_t, size_t>> step_output_of_slot;  // slot -> (step, output)
  for (size_t s = 0; s < plan.steps.size(); ++s)
    for (size_t k = 0; k < plan.steps[s]->outputs.size(); ++k) step_output_of_slot[plan.steps[s]->outputs[k]] = {s, k};
  plan.writes_result.resize(plan.steps.size());
  for (size_t s = 0; s < plan.steps.size(); ++s) plan.writes_result[s].assign(plan.steps[s]->outputs.size(), -1);
  std::set<size_t> result_slots;
  const auto& results = model_->get_results();
  for (size_t r = 0; r < results.size(); ++r) {
    const size_t slot = read_slot(results[r]->input_value(0));
    result_slots.insert(slot);
    auto producer = step_output_of_slot.find(slot);
    if (producer != step_output_of_slot.end() &&
        plan.writes_result[producer->second.first][producer->second.second] < 0) {
      plan.writes_result[producer->second.first][producer->second.second] = static_cast<int64_t>(r);
    } else {
      plan.copied_results.emplace_back(slot, r);
    }
  }

  // Release each computed slot after the last step reading it, unless a result reads it.
  std::vector<size_t> last_reader(plan.slots.size(), SIZE_MAX);
  for (size_t s = 0; s < plan.steps.size(); ++s)
    for (size_t slot : plan.steps[s]->inputs) last_reader[slot] = s;
  plan.release_after.resize(plan.steps.size());
  for (size_t slot = 0; slot < plan.slots.size(); ++slot)
    if (last_reader[slot] != SIZE_MAX && !result_slots.count(slot) && step_output_of_slot.count(slot))
      plan.release_after[last_reader[slot]].push_back(slot);
}

CompiledGraph::~CompiledGraph() = default;

uint64_t CompiledGraph::run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile) const {
  const Plan& plan = *plan_;
  const auto& results = model_->get_results();
  FERRY_ASSERT(arguments.size() == plan.parameter_slots.size() + results.size(), "model '", model_->get_friendly_name(),
               "' takes ", plan.parameter_slots.size() + results.size(), " arguments, got ", arguments.size());
  TensorVector slots(plan.slots.size());
  for (size_t i = 0; i < plan.parameter_slots.size(); ++i) {
    const auto& info = plan.slots[plan.parameter_slots[i]];
    slots[plan.parameter_slots[i]] = Tensor(info.type, info.shape, arguments[i]);
  }
  for (const auto& [slot, value] : plan.constants) slots[slot] = value;
  auto result_tensor = [&](size_t r) {
    const auto& port = results[r]->get_input_partial_shape(0);
    return Tensor(results[r]->get_input_element_type(0), port.to_shape(), arguments[plan.parameter_slots.size() + r]);
  };
  if (profile) profile->clear();

  uint64_t copied = 0;
  TensorVector inputs, outputs;
  for (size_t s = 0; s < plan.steps.size(); ++s) {
    const Step& step = *plan.steps[s];
    inputs.clear();
    for (size_t slot : step.inputs) inputs.push_back(slots[slot]);
    outputs.clear();
    for (size_t k = 0; k < step.outputs.size(); ++k) {
      const int64_t r = plan.writes_result[s][k];
      const auto& info = plan.slots[step.outputs[k]];
      outputs.push_back(r >= 0 ? result_tensor(static_cast<size_t>(r)) : Tensor(info.type, info.shape));
    }
    const auto start = Clock::now();
    step.run(outputs, inputs);
    if (profile) {
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
      profile->push_back(
          {step.node().get_friendly_name(), step.node().get_type_name(), step.exec_type(), static_cast<uint64_t>(ns)});
    }
    for (size_t k = 0; k < step.outputs.size(); ++k) {
      const int64_t r = plan.writes_result[s][k];
      if (r >= 0 && outputs[k].data() != arguments[plan.parameter_slots.size() + r]) {
        // The kernel made a tensor of its own: copy it into the caller's memory.
        const Tensor target = result_tensor(static_cast<size_t>(r));
        outputs[k].copy_to(target);
        copied += target.get_byte_size();
        outputs[k] = target;
      }
      slots[step.outputs[k]] = outputs[k];
    }
    for (size_t slot : plan.release_after[s]) slots[slot] = Tensor();
  }
  for (const auto& [slot, r] : plan.copied_results) {
    const Tensor target = result_tensor(r);
    slots[slot].copy_to(target);
    copied += target.get_byte_size();
  }
  return copied;
}

std::vector<OpProfile> CompiledGraph::describe_steps() const {
  std::vector<OpProfile> steps;
  for (const auto& step : plan_->steps)
    steps.push_back({step->node().get_friendly_name(), step->node().get_type_name(), step->exec_type(), 0});
  return steps;
}

}  // namespace ferry::npu::engine
