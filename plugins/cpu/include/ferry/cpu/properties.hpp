#pragma once

// Keys specific to the CPU device. Applications include this header to query them; everything
// else the device offers uses the common keys of ferry/value/properties.hpp (OpenVINO's CPU
// names: INFERENCE_NUM_THREADS, NUM_STREAMS, the performance hints, ENABLE_HYPER_THREADING...).

#include <cstdint>

#include "ferry/value/property.hpp"

namespace ferry::cpu {

// Plugin property (read-only): bytes the engine copied during inferences (a result it could
// not write in place, a residual copied into a sum's destination, a reference kernel's own
// output) and input tensors that were not dense (ROI views). An inference whose inputs and
// outputs the engine reads and writes in place adds nothing.
inline constexpr Property<uint64_t, PropertyMutability::RO> copied_bytes{"CPU_COPIED_BYTES"};

// How many compiled shapes a model with dynamic inputs keeps (OpenVINO CPU's name). A new input
// shape compiles the model for that shape once; the least recently used one is dropped when the
// cache is full. At least 1.
inline constexpr Property<int32_t> runtime_cache_capacity{"CPU_RUNTIME_CACHE_CAPACITY"};

// Compiled model property (read-only): how many input shapes the model has been compiled for so
// far (1 for a model with static inputs), the ones CPU_RUNTIME_CACHE_CAPACITY dropped included.
inline constexpr Property<uint64_t, PropertyMutability::RO> compiled_shapes{"CPU_COMPILED_SHAPES"};

}  // namespace ferry::cpu
