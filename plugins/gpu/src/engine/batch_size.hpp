#pragma once

// OPTIMAL_BATCH_SIZE and MAX_BATCH_SIZE of a model on one device, from a static-shape analysis of
// the model (no compilation): the bytes its weights take, the bytes its activations take per batch
// item, and the largest amount of parallel work one op offers per batch item.

#include <cstdint>

#include "device_info.hpp"
#include "ferry/graph/model.hpp"

namespace ferry::gpu {

struct ModelFootprint {
  uint64_t weight_bytes = 0;                 // every Constant: uploaded once, shared by the batch
  uint64_t activation_bytes_per_item = 0;    // parameters and every op output, per batch item
  uint64_t widest_op_elements_per_item = 0;  // the largest op output, in elements per batch item
  // Every parameter has a static dimension 0 of 1: the form BATCH:GPU stacks N items of.
  bool batch_one_inputs = false;
};

// Dynamic dimensions count as their lower bound (at least 1); a dynamic rank counts as a scalar.
// The model's batch is dimension 0 of its first parameter (1 when it has none).
ModelFootprint analyse_footprint(const Model& model);

// Kept free of activations for the driver, the programs and the other users of the device.
inline constexpr uint64_t kReservedMemoryPercent = 25;
// A bound on the answers: beyond it a batch is no longer a useful notion here.
inline constexpr uint32_t kMaxBatchSizeCap = 65536;
// OPTIMAL_BATCH_SIZE never asks for more items than this (latency of a whole batch grows with it).
inline constexpr unsigned kMaxOptimalBatchSize = 16;

// MAX_BATCH_SIZE = (usable - weights) / activations per item, rounded down, where usable is the
// device's global memory (GPU_DEVICE_TOTAL_MEM_SIZE) less kReservedMemoryPercent. Activations are
// counted as if no buffer were reused, so the bound is safe (the memory plan needs less).
// At least 1 (the model as given) and at most kMaxBatchSizeCap.
uint32_t max_batch_for(const ModelFootprint& footprint, uint64_t device_memory_bytes);

// OPTIMAL_BATCH_SIZE: 1 unless every input has batch 1 (nothing to stack otherwise). Else the
// smallest power of two b for which b x (widest op per item) fills the device once, that is
// reaches compute units x max work-group size work-items; at most kMaxOptimalBatchSize and at
// most max_batch_size (rounded down to a power of two).
unsigned optimal_batch_for(const ModelFootprint& footprint, const DeviceInfo& device);

}  // namespace ferry::gpu
