#include "loop_program.hpp"

#include <map>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops.hpp"

namespace loop_device {
namespace {

using namespace ferry;

bool is_static_f32(const Output<const Node>& value) {
  return value.get_element_type() == element::f32 && value.get_partial_shape().is_static();
}

}  // namespace

bool loop_supports(const Node& node) {
  for (const auto& output : node.outputs())
    if (!is_static_f32(output)) return false;
  if (is_type<op::v0::Parameter>(&node) || is_type<op::v0::Constant>(&node) || is_type<op::v0::Result>(&node) ||
      is_type<op::v0::Relu>(&node))
    return true;
  // Add without broadcasting: the loop walks both inputs in step.
  return is_type<op::v1::Add>(&node) && node.get_input_shape(0) == node.get_input_shape(1);
}

LoopProgram compile_loop_program(const Model& model) {
  LoopProgram program;
  std::map<Output<const Node>, size_t> slot_of;  // the slot holding each value
  auto new_slot = [&](const Output<const Node>& value) {
    slot_of[value] = program.slot_sizes.size();
    program.slot_sizes.push_back(shape_size(value.get_shape()));
    program.constants.emplace_back();
  };
  auto input_slot = [&](const Node& node, size_t i) { return slot_of.at(node.input_value(i)); };

  for (const auto& node : model.get_ordered_ops()) {
    FERRY_ASSERT(loop_supports(*node), "LOOP cannot run ", node->describe(),
                 ": it runs f32 Parameter, Constant, Relu, Add (same shapes) and Result of static shapes");
    const Output<const Node> value(node, 0);
    if (is_type<op::v0::Parameter>(node)) {
      new_slot(value);
    } else if (auto constant = as_type_ptr<op::v0::Constant>(node)) {
      new_slot(value);
      program.constants[slot_of[value]] = constant->cast_vector<float>();
    } else if (is_type<op::v0::Result>(node)) {
      slot_of[value] = input_slot(*node, 0);  // a Result reads its producer's slot
    } else if (is_type<op::v0::Relu>(node)) {
      const size_t a = input_slot(*node, 0);
      new_slot(value);
      program.steps.push_back({LoopProgram::Step::Kind::RELU, a, 0, slot_of[value]});
    } else {
      const size_t a = input_slot(*node, 0), b = input_slot(*node, 1);
      new_slot(value);
      program.steps.push_back({LoopProgram::Step::Kind::ADD, a, b, slot_of[value]});
    }
  }
  for (const auto& parameter : model.get_parameters())
    program.input_slots.push_back(slot_of.at(Output<const Node>(parameter, 0)));
  for (const auto& result : model.get_results())
    program.output_slots.push_back(slot_of.at(Output<const Node>(result, 0)));
  return program;
}

}  // namespace loop_device
