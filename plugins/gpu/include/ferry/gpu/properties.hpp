#pragma once

// Keys specific to the GPU device (OpenCL). Everything else the device offers uses the common
// keys of ferry/value/properties.hpp. Names mirror OpenVINO's GPU keys where those exist.

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "ferry/graph/model.hpp"
#include "ferry/value/properties.hpp"

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
// Bytes this plugin instance moved between host and device memory: reads and writes of inputs,
// outputs, weights and remote tensors, VA surface planes uploaded, maps of device memory. On
// devices with unified memory (PoCL's CPU device), an inference adds nothing: inputs and outputs
// are used in place (CL_MEM_USE_HOST_PTR). Every transfer of the plugin is counted here or in
// GPU_DEVICE_COPIED_BYTES (the plugin has no other way to enqueue one).
inline constexpr Property<uint64_t, PropertyMutability::RO> copied_bytes{"GPU_COPIED_BYTES"};
// Bytes this plugin instance copied from one place in device memory to another: an image input
// copied into a buffer for kernels that read buffers, a batch of remote tensors joined into one
// buffer, outputs copied into image or remote tensors, copies between remote tensors, VA surface
// planes with padded rows compacted on the device (DMA-BUF imports). Inputs the
// kernels read in place (remote buffers, NV12 image planes, batches of NV12 frames) add nothing.
inline constexpr Property<uint64_t, PropertyMutability::RO> device_copied_bytes{"GPU_DEVICE_COPIED_BYTES"};
// Compiled models: how many OpenCL programs the device's context has built so far (programs are
// cached per source and build options and shared by every model on the device). Compiling a
// model again, or a dynamic model inferring on a new input shape, adds none.
inline constexpr Property<uint64_t, PropertyMutability::RO> program_builds{"GPU_PROGRAM_BUILDS"};

// Which engine runs the device's convolutions and matmuls: "onednn" (oneDNN's OpenCL primitives,
// on the plugin's own context, queues and buffers: Intel GPUs) or "ferry_kernels" (the plugin's
// own kernels: every device oneDNN refuses, e.g. PoCL and NVIDIA). Asked of oneDNN once per
// device. GPU_ONEDNN_REFUSAL: why oneDNN refused the device ("" when it runs). Of a compiled
// model, GPU_ONEDNN_ENGINE says whether some of its steps run on oneDNN (decided by compile_model).
inline constexpr Property<std::string, PropertyMutability::RO> onednn_engine{"GPU_ONEDNN_ENGINE"};
inline constexpr Property<std::string, PropertyMutability::RO> onednn_refusal{"GPU_ONEDNN_REFUSAL"};

// Which OpenCL device types the plugin exposes (read-write, set before the first use, e.g. in
// plugins.xml): "AUTO" (GPU devices; when there is none, every other OpenCL device), or a list
// of "GPU", "CPU", "ACCELERATOR" separated by commas. Changing it re-enumerates the devices.
inline constexpr Property<std::string> opencl_device_types{"GPU_OPENCL_DEVICE_TYPES"};
// The OpenCL type of a device (read-only; DEVICE_ID argument): "GPU", "CPU" (an OpenCL runtime on
// the host's own cores, such as PoCL) or "ACCELERATOR". compile_model without a device prefers
// the CPU device to a GPU of type "CPU" (core/src/runtime/default_device.hpp).
inline constexpr Property<std::string, PropertyMutability::RO> opencl_device_type{"GPU_OPENCL_DEVICE_TYPE"};

namespace hint {
// The priority and the throttle of the OpenCL queues a compiled model creates (one per stream),
// passed to clCreateCommandQueueWithProperties as CL_QUEUE_PRIORITY_KHR / CL_QUEUE_THROTTLE_KHR
// when the device lists cl_khr_priority_hints / cl_khr_throttle_hints; otherwise accepted and
// not applied, which GPU_QUEUE_PRIORITY_APPLIED / GPU_QUEUE_THROTTLE_APPLIED report.
// GPU_QUEUE_PRIORITY not set: MODEL_PRIORITY's value.
inline constexpr Property<ferry::hint::Priority> queue_priority{"GPU_QUEUE_PRIORITY"};
// OpenVINO's name for queue_throttle's values: LOW, MEDIUM, HIGH.
using ThrottleLevel = ferry::hint::Priority;
inline constexpr Property<ThrottleLevel> queue_throttle{"GPU_QUEUE_THROTTLE"};
// The scheduling priority of the streams' host threads (which enqueue the kernels of async
// requests and run their callbacks): LOW adds 10 to their Linux niceness, HIGH takes 5 off (needs
// CAP_SYS_NICE or RLIMIT_NICE; refused, the threads keep their priority and the compiled model's
// GPU_HOST_TASK_PRIORITY_APPLIED says false), MEDIUM leaves it.
inline constexpr Property<ferry::hint::Priority> host_task_priority{"GPU_HOST_TASK_PRIORITY"};
// The model a device query is about (MODEL_PTR, the common key ferry::hint::model), read by
// OPTIMAL_BATCH_SIZE and MAX_BATCH_SIZE. A std::shared_ptr<Model> is accepted as well.
using ferry::hint::model;
}  // namespace hint

// Whether the device applies GPU_QUEUE_PRIORITY / GPU_QUEUE_THROTTLE to its queues (it lists
// cl_khr_priority_hints / cl_khr_throttle_hints). False: the setting is kept and reported only.
inline constexpr Property<bool, PropertyMutability::RO> queue_priority_applied{"GPU_QUEUE_PRIORITY_APPLIED"};
inline constexpr Property<bool, PropertyMutability::RO> queue_throttle_applied{"GPU_QUEUE_THROTTLE_APPLIED"};
// Of a compiled model: whether its stream threads run at GPU_HOST_TASK_PRIORITY (false when the
// system refused a raise).
inline constexpr Property<bool, PropertyMutability::RO> host_task_priority_applied{"GPU_HOST_TASK_PRIORITY_APPLIED"};

// Values for ferry::preprocess::InputTensorInfo::set_memory_type: the application will set this
// input as OpenCL image planes (surface) or buffers. PrePostProcessor keeps the value in the new
// inputs' rt_info ("memory_type") for the plugin to choose its kernels by.
namespace memory_type {
inline constexpr char surface[] = "GPU_SURFACE";
inline constexpr char buffer[] = "GPU_BUFFER";
}  // namespace memory_type

// true (default): kernels' loops keep their `#pragma unroll` hints. false: every program is
// built with those hints turned into `#pragma unroll 1` and with -D FERRY_LOOP_UNROLLING=0.
inline constexpr Property<bool> enable_loop_unrolling{"GPU_ENABLE_LOOP_UNROLLING"};

}  // namespace ferry::gpu
