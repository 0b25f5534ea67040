#pragma once

// GPU_QUEUE_PRIORITY / GPU_QUEUE_THROTTLE as OpenCL queue properties: CL_QUEUE_PRIORITY_KHR
// (cl_khr_priority_hints) and CL_QUEUE_THROTTLE_KHR (cl_khr_throttle_hints) are passed to
// clCreateCommandQueueWithProperties only when the device lists the extension; a driver without
// it would refuse the queue, so there the hint is kept and reported as not applied.

#include <CL/cl.h>

#include <vector>

#include "device_info.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::gpu {

struct QueueHints {
  hint::Priority priority = hint::Priority::MEDIUM;
  hint::Priority throttle = hint::Priority::MEDIUM;
};

bool applies_queue_priority(const DeviceInfo& device);  // cl_khr_priority_hints
bool applies_queue_throttle(const DeviceInfo& device);  // cl_khr_throttle_hints

// The zero-terminated property list of an in-order queue: CL_QUEUE_PROPERTIES (profiling when
// asked), then each hint the device applies.
std::vector<cl_queue_properties> queue_properties(const DeviceInfo& device, bool profiling, const QueueHints& hints);

}  // namespace ferry::gpu
