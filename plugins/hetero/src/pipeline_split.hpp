#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "partition.hpp"

namespace ferry::hetero {

// Bytes each device may hold of a PIPELINE_PARALLEL split: HETERO_MEMORY_BUDGET
// ("GPU.0:2000000000,GPU.1:500000000"), else what the device reports (GPU_DEVICE_TOTAL_MEM_SIZE);
// a device that reports nothing has no limit (nullopt).
using MemoryBudgets = decltype(PipelineSplit::budgets);

// Parses HETERO_MEMORY_BUDGET's text; throws naming the malformed entry.
std::map<std::string, uint64_t> parse_memory_budget(const std::string& text);

// ov::hint::model_distribution_policy(PIPELINE_PARALLEL): the ops in topological order, cut into
// one consecutive stage per device so that each stage has an even share of the arithmetic (the
// multiply-adds of convolutions and MatMuls, one per output element of other ops) unless the
// device's memory budget (its stage's constants and outputs, in bytes) ends the stage sooner.
// Refused by name when the devices' budgets together cannot hold the model. `supported` says
// whether a device runs an op: an op its stage's device does not run goes to the next device that
// does (HETERO's query_model order).
std::vector<Placement> pipeline_placements(const std::shared_ptr<const Model>& model,
                                           const std::vector<std::string>& devices, const MemoryBudgets& budgets,
                                           const QueryModel& query, const std::string& hetero_device);

}  // namespace ferry::hetero
