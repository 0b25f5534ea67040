#pragma once

#include <set>
#include <string>

#include "ferry/value/properties.hpp"

namespace ferry::hetero {

// The HETERO device's settings.
struct Config {
  std::string priorities;      // MULTI_DEVICE_PRIORITIES: "GPU,CPU", the first device first
  std::string dump_partition;  // HETERO_DUMP_PARTITION: a file for the partition's text
  // MODEL_DISTRIBUTION_POLICY: PIPELINE_PARALLEL splits a model every device runs into stages.
  std::set<hint::ModelDistributionPolicy> distribution;
  std::string memory_budget;  // HETERO_MEMORY_BUDGET: "GPU.0:2000000000,GPU.1:500000000"
};

}  // namespace ferry::hetero
