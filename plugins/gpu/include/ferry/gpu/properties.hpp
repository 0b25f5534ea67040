#pragma once

// Keys specific to the GPU device (OpenCL). Everything else the device offers uses the common
// keys of ferry/runtime/properties.hpp. Names mirror OpenVINO's GPU keys where those exist.

#include <cstdint>
#include <map>
#include <string>

#include "ferry/runtime/properties.hpp"

namespace ferry::gpu {

// Device properties (read-only), values read from the OpenCL device.
inline constexpr Property<uint64_t, PropertyMutability::RO> device_total_mem_size{"GPU_DEVICE_TOTAL_MEM_SIZE"};
inline constexpr Property<std::string, PropertyMutability::RO> uarch_version{"GPU_UARCH_VERSION"};
inline constexpr Property<int32_t, PropertyMutability::RO> execution_units_count{"GPU_EXECUTION_UNITS_COUNT"};
// Bytes of OpenCL memory this plugin holds now, by kind: "weights" (constants uploaded once per
// compiled model), "intermediates" (the memory plans of live infer requests), "io" (device
// copies of inputs and outputs on devices without unified memory).
inline constexpr Property<std::map<std::string, uint64_t>, PropertyMutability::RO> memory_statistics{
    "GPU_MEMORY_STATISTICS"};
// Bytes this plugin instance moved between host and device memory (clEnqueueRead/WriteBuffer
// of inputs, outputs and weights). On devices with unified memory (PoCL's CPU device), an
// inference adds nothing: inputs and outputs are used in place (CL_MEM_USE_HOST_PTR).
inline constexpr Property<uint64_t, PropertyMutability::RO> copied_bytes{"GPU_COPIED_BYTES"};

// Which OpenCL device types the plugin exposes (read-write, set before the first use, e.g. in
// plugins.xml): "AUTO" (GPU devices; when there is none, every other OpenCL device), or a list
// of "GPU", "CPU", "ACCELERATOR" separated by commas. Changing it re-enumerates the devices.
inline constexpr Property<std::string> opencl_device_types{"GPU_OPENCL_DEVICE_TYPES"};

namespace hint {
// Accepted and reported; this first cut applies them to nothing yet (see plugins/gpu/README.md).
inline constexpr Property<ferry::hint::Priority> host_task_priority{"GPU_HOST_TASK_PRIORITY"};
inline constexpr Property<ferry::hint::Priority> queue_priority{"GPU_QUEUE_PRIORITY"};
inline constexpr Property<ferry::hint::Priority> queue_throttle{"GPU_QUEUE_THROTTLE"};
}  // namespace hint
inline constexpr Property<bool> enable_loop_unrolling{"GPU_ENABLE_LOOP_UNROLLING"};

}  // namespace ferry::gpu
