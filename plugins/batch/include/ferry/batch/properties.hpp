#pragma once

// Keys of the BATCH device (automatic batching) for applications. AUTO_BATCH_TIMEOUT is the
// core's (ferry::auto_batch_timeout), as in OpenVINO.

#include <cstdint>

#include "ferry/value/property.hpp"

namespace ferry::batch {

// Read-only counters of a BATCH compiled model: inferences its device ran at batch N (one per
// filled group) and at batch 1 (one per request that timed out waiting for its group). Tests and
// tuning read them to see whether requests were really batched.
inline constexpr Property<uint64_t, PropertyMutability::RO> batched_inferences{"BATCHED_INFERENCES"};
inline constexpr Property<uint64_t, PropertyMutability::RO> fallback_inferences{"FALLBACK_INFERENCES"};

}  // namespace ferry::batch
