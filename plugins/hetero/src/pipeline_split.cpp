#include "pipeline_split.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry::hetero {
namespace {

// The ops a stage holds: all but Parameters, Constants and Results.
bool is_staged(const Node& node) { return !runs_nowhere(node) && !is_type<op::v0::Result>(&node); }

uint64_t elements_of(const Output<const Node>& value) {
  const PartialShape& shape = value.get_partial_shape();
  if (!shape.is_static()) return 1;
  return shape_size(shape.to_shape());
}

// Multiply-adds of convolutions and MatMuls (output elements times the reduction), else one per
// output element: what decides how long a stage takes.
double arithmetic_of(const Node& node) {
  const std::string type = node.get_type_name();
  double outputs = 0;
  for (size_t i = 0; i < node.get_output_size(); ++i) outputs += static_cast<double>(elements_of(node.output(i)));
  if (node.get_input_size() < 2 || !node.get_input_partial_shape(1).is_static()) return outputs;
  const Shape weights = node.get_input_partial_shape(1).to_shape();
  if ((type == "Convolution" || type == "GroupConvolution") && weights.size() >= 3) {
    // Per output element: the filter's input channels times its spatial size.
    double reduction = 1;
    for (size_t i = type == "Convolution" ? 1 : 2; i < weights.size(); ++i)
      reduction *= static_cast<double>(weights[i]);
    return outputs * reduction;
  }
  if (type == "MatMul" && node.get_input_partial_shape(0).rank().is_static()) {
    const PartialShape& a = node.get_input_partial_shape(0);
    const auto k = a[a.rank().get_length() - 1];
    return outputs * static_cast<double>(k.is_static() ? k.get_length() : 1);
  }
  return outputs;
}

// Bytes a stage holds for the op: the constants it reads (each counted once per stage) and its
// outputs.
uint64_t bytes_of(const Node& node, std::set<const Node*>& constants_held) {
  uint64_t bytes = 0;
  for (size_t i = 0; i < node.get_output_size(); ++i)
    bytes += elements_of(node.output(i)) * node.get_output_element_type(i).size();
  for (size_t i = 0; i < node.get_input_size(); ++i) {
    const Node* producer = node.get_input_node_ptr(i);
    if (is_type<op::v0::Constant>(producer) && constants_held.insert(producer).second)
      bytes += elements_of(producer->output(0)) * producer->get_output_element_type(0).size();
  }
  return bytes;
}

}  // namespace

std::map<std::string, uint64_t> parse_memory_budget(const std::string& text) {
  std::map<std::string, uint64_t> budgets;
  std::stringstream entries(text);
  std::string entry;
  while (std::getline(entries, entry, ',')) {
    const size_t colon = entry.rfind(':');
    const std::string device = colon == std::string::npos ? "" : entry.substr(0, colon);
    const std::string bytes = colon == std::string::npos ? "" : entry.substr(colon + 1);
    FERRY_ASSERT(!device.empty() && !bytes.empty() && bytes.find_first_not_of("0123456789") == std::string::npos,
                 "HETERO_MEMORY_BUDGET: entry '", entry, "' is not DEVICE:BYTES (e.g. 'GPU.1:500000000')");
    budgets[device] = std::stoull(bytes);
  }
  return budgets;
}

std::vector<Placement> pipeline_placements(const std::shared_ptr<const Model>& model,
                                           const std::vector<std::string>& devices, const MemoryBudgets& budgets,
                                           const QueryModel& query, const std::string& hetero_device) {
  // What each device runs (an op the stage's device does not run moves to a later one).
  std::map<std::string, std::set<std::string>> runs;  // device -> ops it supports
  for (const auto& device : devices)
    for (const auto& [node, on] : query(model, device)) runs[device].insert(node);

  std::vector<std::shared_ptr<Node>> ops;
  double total = 0;
  for (const auto& node : model->get_ordered_ops()) {
    if (!is_staged(*node)) continue;
    ops.push_back(node);
    total += arithmetic_of(*node);
  }
  std::vector<Placement> placements;
  size_t stage = 0;
  double done = 0;
  uint64_t held = 0;
  std::set<const Node*> constants_held;
  for (const auto& node : ops) {
    const double arithmetic = arithmetic_of(*node);
    // The stage ends once it has its share of the arithmetic, or when the op does not fit its budget.
    const double share_end = total * static_cast<double>(stage + 1) / static_cast<double>(devices.size());
    std::set<const Node*> would_hold = constants_held;
    const uint64_t bytes = bytes_of(*node, would_hold);
    const std::optional<uint64_t> budget = budgets.at(devices[stage]);
    const bool over_budget = budget && held + bytes > *budget;
    const bool share_done = done >= share_end && done > 0;
    const std::string& name = node->get_friendly_name();
    if ((over_budget || share_done || !runs[devices[stage]].count(name)) && stage + 1 < devices.size()) {
      ++stage;
      held = 0;
      constants_held.clear();
      while (!runs[devices[stage]].count(name) && stage + 1 < devices.size()) ++stage;
    }
    held += bytes_of(*node, constants_held);
    const std::optional<uint64_t> stage_budget = budgets.at(devices[stage]);
    FERRY_ASSERT(!stage_budget || held <= *stage_budget, "device '", hetero_device, "': PIPELINE_PARALLEL: the model ",
                 "does not fit the devices' memory budgets (", devices[stage], " would hold ", held, " bytes at node '",
                 name, "', its budget is ", *stage_budget, ")");
    FERRY_ASSERT(runs[devices[stage]].count(name), "device '", hetero_device, "': node '", name, "' of type ",
                 node->get_type_name(), " is not supported by ", devices[stage],
                 ", the last device of the PIPELINE_PARALLEL split");
    done += arithmetic;
    std::ostringstream reason;
    reason << "PIPELINE_PARALLEL stage " << stage << " of " << devices.size();
    if (over_budget) reason << " (the previous device's memory budget was full)";
    placements.push_back({name, node->get_type_name(), devices[stage], reason.str(), 0});
  }
  return placements;
}

}  // namespace ferry::hetero
