#include "queue_hints.hpp"

#include <CL/cl_ext.h>

namespace ferry::gpu {
namespace {

cl_queue_properties priority_value(hint::Priority priority) {
  switch (priority) {
    case hint::Priority::HIGH:
      return CL_QUEUE_PRIORITY_HIGH_KHR;
    case hint::Priority::LOW:
      return CL_QUEUE_PRIORITY_LOW_KHR;
    default:
      return CL_QUEUE_PRIORITY_MED_KHR;
  }
}

// HIGH throttle: the driver may spend the most power (and host polling) on the queue.
cl_queue_properties throttle_value(hint::Priority throttle) {
  switch (throttle) {
    case hint::Priority::HIGH:
      return CL_QUEUE_THROTTLE_HIGH_KHR;
    case hint::Priority::LOW:
      return CL_QUEUE_THROTTLE_LOW_KHR;
    default:
      return CL_QUEUE_THROTTLE_MED_KHR;
  }
}

}  // namespace

bool applies_queue_priority(const DeviceInfo& device) { return device.has_extension("cl_khr_priority_hints"); }

bool applies_queue_throttle(const DeviceInfo& device) { return device.has_extension("cl_khr_throttle_hints"); }

std::vector<cl_queue_properties> queue_properties(const DeviceInfo& device, bool profiling, const QueueHints& hints) {
  std::vector<cl_queue_properties> properties = {CL_QUEUE_PROPERTIES,
                                                 profiling ? cl_queue_properties(CL_QUEUE_PROFILING_ENABLE) : 0};
  if (applies_queue_priority(device)) {
    properties.push_back(CL_QUEUE_PRIORITY_KHR);
    properties.push_back(priority_value(hints.priority));
  }
  if (applies_queue_throttle(device)) {
    properties.push_back(CL_QUEUE_THROTTLE_KHR);
    properties.push_back(throttle_value(hints.throttle));
  }
  properties.push_back(0);
  return properties;
}

}  // namespace ferry::gpu
