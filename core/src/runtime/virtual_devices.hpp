#pragma once

#include <memory>

#include "device_name.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

class CoreImpl;

// Devices the core provides on top of plugins: "MULTI:A,B" compiles on every listed device and
// hands out infer requests from them in turn, so concurrent requests run on all devices.
// "BATCH:A(N)" groups N requests into one inference at batch N (see batch_device.hpp).
CompiledModel compile_virtual_device(const CoreImpl& core, const std::shared_ptr<const Model>& model,
                                     const DeviceName& device, const AnyMap& properties);

}  // namespace ferry
