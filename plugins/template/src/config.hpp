#pragma once

// TEMPLATE's settings: the ones every device shares (sdk::BaseConfig), under the shared rules.
// What Plugin::set_property changes, what compile_model's properties override for one model, and
// what an exported blob records. Read-only properties are not here: they are facts the Plugin
// and CompiledModel compute (their property tables, plugin.cpp and compiled_model.cpp).

#include "ferry/plugin/support/base_config.hpp"

namespace ferry::template_plugin {

// Logical CPUs of the host (at least 1): the upper bound of NUM_STREAMS.
unsigned hardware_threads();

struct Config : sdk::BaseConfig {
  // THROUGHPUT's streams for NUM_STREAMS AUTO: min(hardware threads, 4). The reference kernels
  // are memory-bound; more streams mostly add threads.
  int resolve_streams() const;
};

// The shared settings under TEMPLATE's limits: NUM_STREAMS up to the hardware threads,
// INFERENCE_PRECISION_HINT f32 only (what the reference kernels compute), DEVICE_ID "0".
sdk::BaseRules base_rules();

}  // namespace ferry::template_plugin
