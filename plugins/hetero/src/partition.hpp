#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/value/supported_ops.hpp"

namespace ferry::hetero {

// Where one input of a subgraph comes from: an input of the whole model, or an output of a
// subgraph that runs before it.
struct SubgraphInput {
  bool from_model = true;
  size_t index = 0;   // the model's input, or the producing subgraph
  size_t output = 0;  // the producing subgraph's output (when !from_model)
};

// A part of the model that one device runs whole.
struct Subgraph {
  std::string device;
  std::shared_ptr<const Model> model;
  std::vector<SubgraphInput> inputs;  // one per parameter of `model`, in order
};

// Where one output of the whole model comes from.
struct OutputSource {
  size_t subgraph = 0;
  size_t output = 0;
};

// Which device runs an op, and why (HETERO_PARTITION, HETERO_DUMP_PARTITION).
struct Placement {
  std::string node;
  std::string type;
  std::string device;
  std::string reason;
  size_t subgraph = 0;
};

// A model cut into subgraphs. Every edge between subgraphs goes from an earlier subgraph to a
// later one, so running them in order runs every producer before its consumers; a pipeline of
// requests runs the subgraphs of different requests at the same time.
struct Partition {
  std::vector<Subgraph> subgraphs;
  std::vector<OutputSource> outputs;  // one per output of the model
  std::vector<Placement> placements;  // one per op (Parameters, Constants and Results aside)
  std::string describe(const std::string& hetero_device, const std::string& model_name) const;
};

// What `device` runs of `model` (ICore::query_model).
using QueryModel = std::function<SupportedOpsMap(const std::shared_ptr<const Model>& model, const std::string& device)>;

// Parameters and Constants run nowhere: a Parameter becomes an input of each subgraph that reads
// it, a Constant is copied (its data shared) into each subgraph that reads it.
bool runs_nowhere(const Node& node);

// The rt_info key a user sets on a node to choose its device (OpenVINO's "affinity").
inline constexpr const char* kAffinity = "affinity";

// Which device runs each op of `model`: the device named by the op's "affinity" rt_info, else
// the first of `devices` whose query_model lists it. Ops no device supports and affinities
// naming other devices are refused, naming the op, its type and the devices (`hetero_device`
// names HETERO in errors). Returns the placements in the model's topological order.
// kForQuery (query_model) places Parameters, Constants and Results too, on the first device that
// claims them, and leaves out what no device supports instead of refusing it.
enum class PlaceFor { kPartition, kQuery };
std::vector<Placement> place_ops(const std::shared_ptr<const Model>& model, const std::vector<std::string>& devices,
                                 const QueryModel& query, const std::string& hetero_device,
                                 PlaceFor purpose = PlaceFor::kPartition);

// Cuts `model` into subgraphs by place_ops. A model one device runs whole stays one subgraph,
// the model itself (no copy, no rewrite). Otherwise the partition is made on a copy whose
// constant subgraphs (the shape computations of a model with static inputs) are folded first,
// so that shapes a device needs static are static.
// `pipeline` (PIPELINE_PARALLEL) places the ops with pipeline_placements instead, with the
// devices' budgets.
struct PipelineSplit {
  std::map<std::string, std::optional<uint64_t>> budgets;  // per device; nullopt: no limit
};
Partition partition_model(const std::shared_ptr<const Model>& model, const std::vector<std::string>& devices,
                          const QueryModel& query, const std::string& hetero_device,
                          const std::optional<PipelineSplit>& pipeline = std::nullopt);

}  // namespace ferry::hetero
