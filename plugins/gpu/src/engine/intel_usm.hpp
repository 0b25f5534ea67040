#pragma once

// cl_intel_unified_shared_memory: Intel's USM, the memory OpenVINO's USM tensors are made of.
// Its functions are extension functions, looked up by name on the device's platform; a device
// without the extension (or a platform missing one of them) has none, and USM tensors fall back
// to SVM (remote_tensor_factory.cpp).

#include <CL/cl_ext.h>

#include <memory>

namespace ferry::gpu {

struct DeviceInfo;

class IntelUsm {
 public:
  // The device's USM functions, or null when it has no cl_intel_unified_shared_memory.
  static std::shared_ptr<const IntelUsm> load(cl_device_id device, const DeviceInfo& info);

  // What one allocation is, as clGetMemAllocInfoINTEL answers for any pointer inside it.
  struct Allocation {
    cl_unified_shared_memory_type_intel type = CL_MEM_TYPE_UNKNOWN_INTEL;  // UNKNOWN: not USM
    void* base = nullptr;
    size_t size = 0;
    cl_device_id device = nullptr;  // null for host allocations
  };
  // `pointer` in `context`: UNKNOWN when it is not inside one of the context's allocations.
  Allocation find(cl_context context, const void* pointer) const;

  // Host-accessible (host) or device-resident (device) memory of `bytes`; null and `status` set
  // on failure.
  void* allocate_host(cl_context context, size_t bytes, cl_int* status) const;
  void* allocate_device(cl_context context, cl_device_id device, size_t bytes, cl_int* status) const;
  // Frees once the device no longer uses it (clMemBlockingFreeINTEL).
  void free(cl_context context, void* pointer) const;

  // What the device can do with each kind of allocation (CL_UNIFIED_SHARED_MEMORY_ACCESS_INTEL...).
  cl_device_unified_shared_memory_capabilities_intel host_capabilities = 0;
  cl_device_unified_shared_memory_capabilities_intel device_capabilities = 0;

 private:
  IntelUsm() = default;
  clHostMemAllocINTEL_fn m_host_alloc = nullptr;
  clDeviceMemAllocINTEL_fn m_device_alloc = nullptr;
  clMemBlockingFreeINTEL_fn m_blocking_free = nullptr;
  clGetMemAllocInfoINTEL_fn m_alloc_info = nullptr;
};

}  // namespace ferry::gpu
