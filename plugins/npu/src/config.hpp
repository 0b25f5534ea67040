#pragma once

// NPU's settings: the ones every device shares (sdk::BaseConfig), under the NPU's limits. What
// Plugin::set_property changes, what compile_model's properties override for one model, and what
// an exported blob records. The device's facts are read-only properties (plugin.cpp).

#include "ferry/plugin/support/base_config.hpp"

namespace ferry::npu::plugin {

struct Config : sdk::BaseConfig {
  // THROUGHPUT's streams for NUM_STREAMS AUTO: two command queues, so that one inference binds
  // and submits while the other runs; at most the device's queues.
  int resolve_streams(int device_queues) const;
};

// The shared settings under NPU's limits: NUM_STREAMS up to `max_streams` (the command queues of
// the device's compute group), INFERENCE_PRECISION_HINT f32 (what the graphs compute), DEVICE_ID
// one of the NPUs found.
sdk::BaseRules base_rules(int max_streams);

}  // namespace ferry::npu::plugin
