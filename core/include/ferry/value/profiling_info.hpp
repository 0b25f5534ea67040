#pragma once

#include <chrono>
#include <string>

namespace ferry {

// Execution record of one operation (or fused group) of an inference, when ENABLE_PROFILING is on.
struct ProfilingInfo {
  enum class Status { NOT_RUN, OPTIMIZED_OUT, EXECUTED };
  Status status = Status::NOT_RUN;
  std::chrono::microseconds real_time{0};  // wall time on the device
  std::chrono::microseconds cpu_time{0};   // host time spent for it
  std::string node_name;
  std::string exec_type;  // kernel or implementation that ran it
  std::string node_type;
};

}  // namespace ferry
