#pragma once

// Keys of the HETERO device (a model split over several devices) for applications. Its devices
// are MULTI_DEVICE_PRIORITIES (ferry::device::priorities), as in OpenVINO: "HETERO:GPU,CPU".

#include <cstdint>
#include <string>

#include "ferry/value/property.hpp"

namespace ferry::hetero {

// Read-only, of a compiled model: how many subgraphs it runs, each compiled on one of its devices
// (OpenVINO's ov::hetero::number_of_submodels).
inline constexpr Property<uint32_t, PropertyMutability::RO> number_of_submodels{"HETERO_NUMBER_OF_SUBMODELS"};

// Read-only, of a compiled model: the partition as text: each subgraph (device, inputs, outputs)
// and each op with the device that runs it and why.
inline constexpr Property<std::string, PropertyMutability::RO> partition{"HETERO_PARTITION"};

// A file that compile_model writes the partition's text to (empty, the default: none), for
// users to read which node runs where without writing code.
inline constexpr Property<std::string> dump_partition{"HETERO_DUMP_PARTITION"};

// With ov::hint::model_distribution_policy(PIPELINE_PARALLEL): the bytes each device may hold of
// its stage, "GPU.0:2000000000,GPU.1:500000000". A device not named gets what it reports
// (GPU_DEVICE_TOTAL_MEM_SIZE), or no limit. Lowering a budget forces a split on one machine.
inline constexpr Property<std::string> memory_budget{"HETERO_MEMORY_BUDGET"};

}  // namespace ferry::hetero
