#pragma once

// The read-write settings of the GPU device: what Plugin::set_property changes, what
// compile_model's properties override for one model, and what an exported blob records.

#include <cstdint>
#include <string>
#include <vector>

#include "ferry/graph/element_type.hpp"
#include "ferry/runtime/any.hpp"
#include "ferry/runtime/properties.hpp"

namespace ferry::gpu {

// NUM_STREAMS accepts 1..kMaxStreams (RANGE_FOR_STREAMS); THROUGHPUT picks kThroughputStreams.
inline constexpr int kMaxStreams = 8;
inline constexpr int kThroughputStreams = 2;

struct Config {
  hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
  streams::Num num_streams = streams::AUTO;
  uint32_t num_requests = 0;  // PERFORMANCE_HINT_NUM_REQUESTS; 0: no limit
  hint::ExecutionMode execution_mode = hint::ExecutionMode::PERFORMANCE;
  element::Type inference_precision = element::f32;
  bool enable_profiling = false;
  std::string device_id = "0";
  hint::Priority model_priority = hint::Priority::MEDIUM;
  int32_t compilation_num_threads = 1;  // programs built in parallel by compile_model
  // The stream threads' niceness (host_task_niceness()).
  hint::Priority host_task_priority = hint::Priority::MEDIUM;
  // Queue hints (queue_hints.hpp). Until GPU_QUEUE_PRIORITY is set, the queues take MODEL_PRIORITY.
  hint::Priority queue_priority = hint::Priority::MEDIUM;
  bool queue_priority_set = false;
  hint::Priority queue_throttle = hint::Priority::MEDIUM;
  bool enable_loop_unrolling = true;

  // The keys set() accepts, all read-write.
  static const std::vector<PropertyName>& supported();
  static bool is_supported(const std::string& name);

  // Applies every entry to a copy first, so a bad entry leaves this config unchanged. Throws
  // naming `device` and the unknown key, or the key and its bad value. `device_ids`: the valid
  // DEVICE_ID values.
  void set(const AnyMap& properties, const std::string& device, const std::vector<std::string>& device_ids);
  Any get(const std::string& name) const;
  AnyMap to_map() const;

  // NUM_STREAMS when a number; AUTO: LATENCY 1, THROUGHPUT kThroughputStreams (capped by
  // num_requests).
  int resolve_streams() const;
  // GPU_QUEUE_PRIORITY when set, else MODEL_PRIORITY: the priority the queues are created with.
  hint::Priority effective_queue_priority() const { return queue_priority_set ? queue_priority : model_priority; }
  // GPU_HOST_TASK_PRIORITY as a niceness added to the stream threads': LOW +10, MEDIUM 0, HIGH -5
  // (a raise small enough for a typical RLIMIT_NICE, large enough to win over default threads).
  int host_task_niceness() const;

 private:
  void set_one(const std::string& name, const Any& value, const std::string& device,
               const std::vector<std::string>& device_ids);
};

}  // namespace ferry::gpu
