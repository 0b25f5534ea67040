#include "partition.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "ferry/base/exception.hpp"
#include "ferry/graph/constant_folding.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "pipeline_split.hpp"

namespace ferry::hetero {

bool runs_nowhere(const Node& node) { return is_type<op::v0::Parameter>(&node) || is_type<op::v0::Constant>(&node); }

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// The devices' query_model answers, asked once each and only when needed.
class SupportCache {
 public:
  SupportCache(std::shared_ptr<const Model> model, const std::vector<std::string>& devices, const QueryModel& query)
      : m_model(std::move(model)), m_devices(devices), m_query(query), m_answers(devices.size()) {}
  bool supports(size_t device, const std::string& node) {
    if (!m_answers[device]) m_answers[device] = std::make_unique<SupportedOpsMap>(m_query(m_model, m_devices[device]));
    return m_answers[device]->count(node) > 0;
  }

 private:
  std::shared_ptr<const Model> m_model;
  const std::vector<std::string>& m_devices;
  const QueryModel& m_query;
  std::vector<std::unique_ptr<SupportedOpsMap>> m_answers;
};

// The node's "affinity" rt_info as text, or empty.
std::string affinity_of(const Node& node) {
  const auto found = node.get_rt_info().find(kAffinity);
  if (found == node.get_rt_info().end()) return "";
  return found->second.as<std::string>();
}

struct ValueKey {
  const Node* node;
  size_t output;
  bool operator<(const ValueKey& other) const { return node != other.node ? node < other.node : output < other.output; }
};

}  // namespace

std::vector<Placement> place_ops(const std::shared_ptr<const Model>& model, const std::vector<std::string>& devices,
                                 const QueryModel& query, const std::string& hetero_device, PlaceFor purpose) {
  const bool for_query = purpose == PlaceFor::kQuery;
  FERRY_ASSERT(!devices.empty(), "device '", hetero_device, "': no devices to run on");
  SupportCache support(model, devices, query);
  std::vector<Placement> placements;
  for (const auto& node : model->get_ordered_ops()) {
    if (!for_query && (runs_nowhere(*node) || is_type<op::v0::Result>(node))) continue;
    Placement placement{node->get_friendly_name(), node->get_type_name(), "", "", 0};
    if (const std::string affinity = affinity_of(*node); !affinity.empty()) {
      FERRY_ASSERT(std::find(devices.begin(), devices.end(), affinity) != devices.end(), "device '", hetero_device,
                   "': node '", placement.node, "' of type ", placement.type, " has affinity '", affinity,
                   "', which is not one of its devices (", joined(devices), ")");
      placement.device = affinity;
      placement.reason = "its rt_info sets affinity '" + affinity + "'";
    } else {
      std::vector<std::string> refused;
      for (size_t device = 0; device < devices.size() && placement.device.empty(); ++device) {
        if (support.supports(device, placement.node)) {
          placement.device = devices[device];
        } else {
          refused.push_back(devices[device]);
        }
      }
      if (placement.device.empty() && for_query) continue;
      FERRY_ASSERT(!placement.device.empty(), "device '", hetero_device, "': node '", placement.node, "' of type ",
                   placement.type, " is supported by none of its devices (", joined(devices), ")");
      placement.reason = refused.empty()
                             ? "the first device, and it supports the op"
                             : "not supported by " + joined(refused) + "; " + placement.device + " supports it";
    }
    placements.push_back(std::move(placement));
  }
  return placements;
}

namespace {

// Builds the subgraphs of `model` from the device of each op (`placements`, in the model's
// topological order).
Partition cut(const std::shared_ptr<const Model>& model, const std::vector<std::string>& devices,
              std::vector<Placement> placements) {
  const auto ops = model->get_ordered_ops();
  std::map<std::string, size_t> device_index;
  for (size_t i = 0; i < devices.size(); ++i) device_index.emplace(devices[i], i);

  // Each op's stage: the most device changes on any path from the inputs to it. Ops of one
  // device and stage form one subgraph; an edge between subgraphs always goes to a later stage,
  // so the subgraphs ordered by stage never need a later one's output.
  std::unordered_map<const Node*, std::pair<size_t, size_t>> group_of;  // node -> (stage, device)
  size_t next_placement = 0;
  for (const auto& node : ops) {
    if (runs_nowhere(*node)) continue;
    size_t device = 0;
    if (is_type<op::v0::Result>(node)) {
      const Node* producer = node->get_input_node_ptr(0);
      device = runs_nowhere(*producer) ? 0 : group_of.at(producer).second;
    } else {
      device = device_index.at(placements[next_placement++].device);
    }
    size_t stage = 0;
    for (size_t i = 0; i < node->get_input_size(); ++i) {
      const Node* producer = node->get_input_node_ptr(i);
      if (runs_nowhere(*producer)) continue;
      const auto [producer_stage, producer_device] = group_of.at(producer);
      stage = std::max(stage, producer_stage + (producer_device == device ? 0 : 1));
    }
    group_of[node.get()] = {stage, device};
  }
  std::map<std::pair<size_t, size_t>, size_t> subgraph_of_group;  // ordered by stage, then device
  for (const auto& [node, group] : group_of) subgraph_of_group.emplace(group, 0);
  size_t index = 0;
  for (auto& [group, subgraph] : subgraph_of_group) subgraph = index++;
  const auto subgraph_of = [&](const Node* node) { return subgraph_of_group.at(group_of.at(node)); };

  // Values each subgraph hands to later ones, in the model's order.
  std::vector<std::vector<ValueKey>> exports(subgraph_of_group.size());
  std::set<ValueKey> exported;
  for (const auto& node : ops) {
    if (runs_nowhere(*node)) continue;
    for (size_t i = 0; i < node->get_input_size(); ++i) {
      const Output<Node> value = node->input_value(i);
      const Node* producer = value.get_node();
      if (runs_nowhere(*producer) || subgraph_of(producer) == subgraph_of(node.get())) continue;
      const ValueKey key{producer, value.get_index()};
      if (exported.insert(key).second) exports[subgraph_of(producer)].push_back(key);
    }
  }

  Partition partition;
  partition.subgraphs.resize(subgraph_of_group.size());
  partition.outputs.resize(model->get_results().size());
  std::map<ValueKey, OutputSource> export_source;
  for (size_t s = 0; s < partition.subgraphs.size(); ++s) {
    Subgraph& subgraph = partition.subgraphs[s];
    std::map<ValueKey, Output<Node>> mapped;
    std::map<ValueKey, size_t> model_output_of;  // a value a model Result reads: that output
    ParameterVector parameters;
    ResultVector results;
    // A value of this subgraph's copy for `value` of the model: a copied node's output, a copied
    // Constant, or a new Parameter for a model input or another subgraph's output.
    const auto resolve = [&](const Output<Node>& value) -> Output<Node> {
      const ValueKey key{value.get_node(), value.get_index()};
      if (auto found = mapped.find(key); found != mapped.end()) return found->second;
      const auto producer = value.get_node_shared_ptr();
      Output<Node> copy;
      if (is_type<op::v0::Constant>(producer)) {
        auto constant = producer->clone_with_new_inputs({});
        constant->set_friendly_name(producer->get_friendly_name());
        copy = constant->output(0);
      } else {
        auto parameter = std::make_shared<op::v0::Parameter>(value.get_element_type(), value.get_partial_shape());
        parameter->set_friendly_name(producer->get_friendly_name() +
                                     (producer->get_output_size() > 1 ? "." + std::to_string(key.output) : ""));
        parameter->output(0).set_names(value.get_names());
        parameters.push_back(parameter);
        if (auto model_input = std::dynamic_pointer_cast<op::v0::Parameter>(producer)) {
          subgraph.inputs.push_back({true, static_cast<size_t>(model->get_parameter_index(model_input)), 0});
        } else {
          const OutputSource& source = export_source.at(key);
          subgraph.inputs.push_back({false, source.subgraph, source.output});
        }
        copy = parameter->output(0);
      }
      mapped.emplace(key, copy);
      return copy;
    };
    for (const auto& node : ops) {
      if (runs_nowhere(*node) || subgraph_of(node.get()) != s) continue;
      if (auto result = std::dynamic_pointer_cast<op::v0::Result>(node)) {
        auto copy = std::make_shared<op::v0::Result>(resolve(node->input_value(0)));
        copy->set_friendly_name(node->get_friendly_name());
        partition.outputs[static_cast<size_t>(model->get_result_index(node->output(0)))] = {s, results.size()};
        const Output<Node> value = node->input_value(0);
        model_output_of.emplace(ValueKey{value.get_node(), value.get_index()}, results.size());
        results.push_back(copy);
        continue;
      }
      OutputVector inputs;
      for (const auto& value : node->input_values()) inputs.push_back(resolve(value));
      auto copy = node->clone_with_new_inputs(inputs);
      copy->set_friendly_name(node->get_friendly_name());
      copy->get_rt_info() = node->get_rt_info();
      for (size_t i = 0; i < node->get_output_size(); ++i) {
        copy->output(i).set_names(node->output(i).get_names());
        mapped.emplace(ValueKey{node.get(), i}, copy->output(i));
      }
    }
    for (const ValueKey& key : exports[s]) {
      // A value that is also a model output is handed over from that output: one tensor, and
      // no second output the device would fill with a copy.
      if (auto output = model_output_of.find(key); output != model_output_of.end()) {
        export_source[key] = {s, output->second};
        continue;
      }
      export_source[key] = {s, results.size()};
      auto result = std::make_shared<op::v0::Result>(mapped.at(key));
      result->set_friendly_name(key.node->get_friendly_name() + ".to_next_subgraph");
      results.push_back(result);
    }
    subgraph.device = devices[std::next(subgraph_of_group.begin(), static_cast<long>(s))->first.second];
    auto part = std::make_shared<Model>(
        results, parameters, model->get_friendly_name() + ".subgraph" + std::to_string(s) + "." + subgraph.device);
    part->get_rt_info() = model->get_rt_info();
    part->validate_nodes_and_infer_types();
    subgraph.model = part;
  }

  size_t placed = 0;
  for (const auto& node : ops) {
    if (runs_nowhere(*node) || is_type<op::v0::Result>(node)) continue;
    placements[placed++].subgraph = subgraph_of(node.get());
  }
  partition.placements = std::move(placements);
  return partition;
}

}  // namespace

Partition partition_model(const std::shared_ptr<const Model>& model, const std::vector<std::string>& devices,
                          const QueryModel& query, const std::string& hetero_device,
                          const std::optional<PipelineSplit>& pipeline) {
  std::vector<Placement> placements = pipeline
                                          ? pipeline_placements(model, devices, pipeline->budgets, query, hetero_device)
                                          : place_ops(model, devices, query, hetero_device);
  const auto on_one_device = [&](const std::vector<Placement>& placed) {
    return std::all_of(placed.begin(), placed.end(),
                       [&](const Placement& placement) { return placement.device == placed.front().device; });
  };
  if (placements.empty() || on_one_device(placements)) {
    // One device runs it all: the model as it is, and no copy between devices.
    Partition partition;
    const std::string device = placements.empty() ? devices.front() : placements.front().device;
    Subgraph whole{device, model, {}};
    for (size_t i = 0; i < model->get_parameters().size(); ++i) whole.inputs.push_back({true, i, 0});
    partition.subgraphs.push_back(std::move(whole));
    for (size_t i = 0; i < model->get_results().size(); ++i) partition.outputs.push_back({0, i});
    partition.placements = std::move(placements);
    return partition;
  }
  // Shape subgraphs of a model with static inputs fold to constants, and what a device refused
  // for a data-dependent shape may then be static: place the folded copy.
  if (pipeline) return cut(model, devices, std::move(placements));
  auto folded = model->clone();
  if (fold_constants(*folded) > 0) {
    placements = place_ops(folded, devices, query, hetero_device);
    if (on_one_device(placements)) return partition_model(folded, devices, query, hetero_device);
  }
  return cut(folded, devices, std::move(placements));
}

std::string Partition::describe(const std::string& hetero_device, const std::string& model_name) const {
  std::ostringstream text;
  text << "# " << hetero_device << ": model '" << model_name << "' in " << subgraphs.size() << " subgraph"
       << (subgraphs.size() == 1 ? "" : "s") << "\n";
  for (size_t s = 0; s < subgraphs.size(); ++s) {
    const Subgraph& subgraph = subgraphs[s];
    text << "subgraph " << s << " on " << subgraph.device << ": inputs";
    for (size_t i = 0; i < subgraph.inputs.size(); ++i) {
      const SubgraphInput& input = subgraph.inputs[i];
      text << (i ? ", " : " ");
      if (input.from_model) {
        text << "model input " << input.index;
      } else {
        text << "subgraph " << input.index << " output " << input.output;
      }
    }
    if (subgraph.inputs.empty()) text << " none";
    size_t ops = 0;
    for (const auto& placement : placements) ops += placement.subgraph == s ? 1 : 0;
    text << "; " << subgraph.model->get_results().size() << " output(s); " << ops << " op(s)\n";
  }
  for (size_t i = 0; i < outputs.size(); ++i)
    text << "model output " << i << ": subgraph " << outputs[i].subgraph << " output " << outputs[i].output << "\n";
  text << "# node\ttype\tdevice\tsubgraph\twhy\n";
  for (const auto& placement : placements)
    text << placement.node << "\t" << placement.type << "\t" << placement.device << "\t" << placement.subgraph << "\t"
         << placement.reason << "\n";
  return text.str();
}

}  // namespace ferry::hetero
