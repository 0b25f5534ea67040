#pragma once

#include <memory>

#include "device_name.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

class CoreImpl;

// Automatic batching, "BATCH:DEVICE(N)" (or "BATCH:DEVICE" with N from the device's
// OPTIMAL_BATCH_SIZE): compiles `model`, whose inputs and outputs have batch 1 on dim 0, for
// DEVICE at batch N and at batch 1, and returns a compiled model with the user's batch-1 ports
// whose requests are batched N at a time (see BatchCollector). `properties` may hold
// AUTO_BATCH_TIMEOUT (ms, default 1000); the rest go to DEVICE.
CompiledModel compile_batch_device(const CoreImpl& core, const std::shared_ptr<const Model>& model,
                                   const DeviceName& device, const AnyMap& properties);

}  // namespace ferry
