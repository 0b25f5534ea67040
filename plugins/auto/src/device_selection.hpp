#pragma once

// How AUTO chooses: which devices are candidates, and which of them can run a model.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/value/any.hpp"

namespace ferry::auto_device {

// The devices `priorities` names, in order: "GPU,CPU"; "-GPU" (or "-GPU,-NPU"): every default
// candidate but those; empty: the default candidates (sdk::default_candidates). `whole` names
// AUTO in errors ("AUTO:-CPU"). Refuses a virtual device, a list mixing names and exclusions, and
// a list that leaves no device. An excluded name the Core does not know adds a line to `log`.
std::vector<std::string> candidate_devices(const ICore& core, const std::string& priorities, const std::string& whole,
                                           std::string& log);

// The model's precision as OPTIMIZATION_CAPABILITIES spell it: INT8 (FakeQuantize, or i8/u8
// weights), FP16 (f16 weights), else FP32.
std::string model_precision(const Model& model);

// The candidates that can run `model`, in priority order: each lists a precision the model runs
// in (INT8: INT8, FP32 or FP16; FP16: FP16 or FP32; FP32: FP32 or FP16) and supports every op
// (query_model). `properties_for(device)` is what the device is asked with. Each device
// considered adds a line to `log`: taken, or why not. Throws naming every device and why when
// none is left.
using PropertiesFor = std::function<AnyMap(const std::string& device)>;
std::vector<std::string> devices_for_model(const ICore& core, const std::shared_ptr<const Model>& model,
                                           const std::vector<std::string>& candidates,
                                           const PropertiesFor& properties_for, const std::string& whole,
                                           std::string& log);

}  // namespace ferry::auto_device
