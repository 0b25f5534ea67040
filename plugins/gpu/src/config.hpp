#pragma once

// The GPU device's settings: the ones every device shares (sdk::BaseConfig) and its own. What
// Plugin::set_property changes, what compile_model's properties override for one model, and
// what an exported blob records. The property table in plugin.cpp declares each of them once.

#include <cstdint>
#include <string>

#include "ferry/plugin/support/base_config.hpp"

namespace ferry::gpu {

// NUM_STREAMS accepts 1..kMaxStreams (RANGE_FOR_STREAMS); THROUGHPUT picks kThroughputStreams.
inline constexpr int kMaxStreams = 8;
inline constexpr int kThroughputStreams = 2;

struct Config : sdk::BaseConfig {
  int32_t compilation_num_threads = 1;  // programs built in parallel by compile_model
  // The stream threads' niceness (host_task_niceness()).
  ferry::hint::Priority host_task_priority = ferry::hint::Priority::MEDIUM;
  // Queue hints (queue_hints.hpp). Until GPU_QUEUE_PRIORITY is set, the queues take MODEL_PRIORITY.
  ferry::hint::Priority queue_priority = ferry::hint::Priority::MEDIUM;
  bool queue_priority_set = false;
  ferry::hint::Priority queue_throttle = ferry::hint::Priority::MEDIUM;
  bool enable_loop_unrolling = true;
  // GPU_OPENCL_DEVICE_TYPES: which OpenCL devices the plugin enumerates (device_enumerator.hpp).
  std::string opencl_device_types = "AUTO";

  // NUM_STREAMS when a number; AUTO: LATENCY 1, THROUGHPUT kThroughputStreams (capped by
  // num_requests).
  int resolve_streams() const { return sdk::BaseConfig::resolve_streams(kThroughputStreams); }
  // GPU_QUEUE_PRIORITY when set, else MODEL_PRIORITY: the priority the queues are created with.
  ferry::hint::Priority effective_queue_priority() const {
    return queue_priority_set ? queue_priority : model_priority;
  }
  // GPU_HOST_TASK_PRIORITY as a niceness added to the stream threads': LOW +10, MEDIUM 0, HIGH -5
  // (a raise small enough for a typical RLIMIT_NICE, large enough to win over default threads).
  int host_task_niceness() const;
};

}  // namespace ferry::gpu
