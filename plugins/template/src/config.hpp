#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ferry/graph/element_type.hpp"
#include "ferry/runtime/any.hpp"
#include "ferry/runtime/properties.hpp"

namespace ferry::template_plugin {

// Logical CPUs of the host (at least 1): the upper bound of NUM_STREAMS.
unsigned hardware_threads();

// The read-write settings of the device: what Plugin::set_property changes, what compile_model's
// properties override for one model, and what an exported blob records. Read-only properties are
// not here: they are facts the Plugin and CompiledModel compute.
struct Config {
  hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
  streams::Num num_streams = streams::AUTO;
  uint32_t num_requests = 0;  // PERFORMANCE_HINT_NUM_REQUESTS; 0: no limit
  // Recorded and reported; the reference kernels compute the same way in both modes.
  hint::ExecutionMode execution_mode = hint::ExecutionMode::PERFORMANCE;
  element::Type inference_precision = element::f32;
  bool enable_profiling = false;
  std::string device_id = "0";

  // The keys set() accepts, all PropertyMutability::RW.
  static const std::vector<PropertyName>& supported();
  static bool is_supported(const std::string& name);

  // Applies every entry to a copy first, so a bad entry leaves this config unchanged. Throws
  // ferry::Exception naming `device` and the unknown key, or the key and its bad value.
  void set(const AnyMap& properties, const std::string& device);
  // The value of a key of supported(); throws naming the key otherwise.
  Any get(const std::string& name) const;
  // Every key of supported() with its value (what export_model records).
  AnyMap to_map() const;

  // The number of streams a compiled model runs: NUM_STREAMS when it is a number; for AUTO,
  // LATENCY gives 1 and THROUGHPUT gives min(hardware threads, 4), capped by num_requests.
  int resolve_streams() const;

 private:
  void set_one(const std::string& name, const Any& value, const std::string& device);
};

}  // namespace ferry::template_plugin
