#pragma once

// The one rule for ops without a device kernel (plugins/gpu/README.md): an op whose output size
// or work depends on the data (data-dependent control flow: detection post-processing, sorting,
// index extraction) runs on the host with the core's reference evaluate, between device steps
// (one synchronisation). Every other op without a kernel is not claimed by query_model, and
// compile_model refuses it naming the op.

#include <string>

#include "ferry/graph/node.hpp"

namespace ferry::gpu {

// True when `node`'s type is one of the host-run ops and it has a reference evaluate.
bool runs_on_host(const Node& node);

// The host-run op types: NonMaxSuppression, TopK, NonZero, Proposal, DetectionOutput,
// ExperimentalDetectronDetectionOutput, Unique, If, Loop.
const char* const* host_op_types();

}  // namespace ferry::gpu
