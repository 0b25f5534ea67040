#pragma once

#include <string>

#include "ferry/auto/properties.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::auto_device {

// The AUTO device's settings (set_property, or compile_model's properties).
struct Config {
  std::string priorities;  // MULTI_DEVICE_PRIORITIES: "GPU,CPU", "-GPU"; empty: every available device
  bool startup_fallback = true;
  bool runtime_fallback = true;
  bool bind_buffer = false;
  SchedulePolicy schedule = SchedulePolicy::DEFAULT;
  // LATENCY, as OpenVINO's AUTO; given to the devices (CUMULATIVE_THROUGHPUT as THROUGHPUT).
  hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
  log::Level log_level = log::Level::NO;  // what AUTO writes to stderr as it chooses
  bool profiling = false;                 // PERF_COUNT, given to the devices when true
};

}  // namespace ferry::auto_device
