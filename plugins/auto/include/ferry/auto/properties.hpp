#pragma once

// Keys of the AUTO device (the best device chosen for the application) for applications; OpenVINO
// spells them ov::intel_auto:: (ferry/compat/openvino.hpp maps that namespace here). Its devices
// are MULTI_DEVICE_PRIORITIES (ferry::device::priorities), as in OpenVINO: "AUTO:GPU,CPU", and
// "AUTO:-GPU" for every available device but GPU.

#include <istream>
#include <ostream>
#include <string>

#include "ferry/value/property.hpp"

namespace ferry::auto_device {

// While the selected device compiles the model, inferences run on CPU (when CPU is a candidate),
// and move to the selected device once it is ready. Default: true.
inline constexpr Property<bool> enable_startup_fallback{"ENABLE_STARTUP_FALLBACK"};

// An inference that fails on its device runs again on the next candidate (each once), instead of
// failing. Default: true.
inline constexpr Property<bool> enable_runtime_fallback{"ENABLE_RUNTIME_FALLBACK"};

// A request's tensors are its device's own (no copy between AUTO's tensors and the device's) also
// for requests made while CPU stands in for the selected device: those then run on the selected
// device only once it is ready (with CUMULATIVE_THROUGHPUT each request keeps to its device).
// Default: false.
inline constexpr Property<bool> device_bind_buffer{"DEVICE_BIND_BUFFER"};

// With CUMULATIVE_THROUGHPUT, which device a new request goes to: ROUND_ROBIN takes the devices in
// turn; DEVICE_PRIORITY fills each device up to its OPTIMAL_NUMBER_OF_INFER_REQUESTS in priority
// order before the next, then takes them in turn.
enum class SchedulePolicy { ROUND_ROBIN = 0, DEVICE_PRIORITY = 1, DEFAULT = DEVICE_PRIORITY };
inline std::ostream& operator<<(std::ostream& out, SchedulePolicy policy) {
  return out << (policy == SchedulePolicy::ROUND_ROBIN ? "ROUND_ROBIN" : "DEVICE_PRIORITY");
}
inline std::istream& operator>>(std::istream& in, SchedulePolicy& policy) {
  std::string word;
  in >> word;
  if (word == "ROUND_ROBIN") {
    policy = SchedulePolicy::ROUND_ROBIN;
  } else if (word == "DEVICE_PRIORITY") {
    policy = SchedulePolicy::DEVICE_PRIORITY;
  } else {
    in.setstate(std::ios::failbit);
  }
  return in;
}
inline constexpr Property<SchedulePolicy> schedule_policy{"SCHEDULE_POLICY"};

// Read-only, of a compiled model: how AUTO chose, as text: each candidate in priority order with
// why it was taken or passed over (the model's precision, an op its query_model leaves out, a
// failed compile), and the device each inference runs on now.
inline constexpr Property<std::string, PropertyMutability::RO> selection{"AUTO_DEVICE_SELECTION"};

}  // namespace ferry::auto_device
