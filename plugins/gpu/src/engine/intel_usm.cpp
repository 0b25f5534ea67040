#include "intel_usm.hpp"

#include "device_info.hpp"

namespace ferry::gpu {
namespace {

template <typename Function>
Function lookup(cl_platform_id platform, const char* name) {
  return reinterpret_cast<Function>(clGetExtensionFunctionAddressForPlatform(platform, name));
}

template <typename T>
T capability(cl_device_id device, cl_device_info param) {
  T value{};
  return clGetDeviceInfo(device, param, sizeof(value), &value, nullptr) == CL_SUCCESS ? value : T{};
}

}  // namespace

std::shared_ptr<const IntelUsm> IntelUsm::load(cl_device_id device, const DeviceInfo& info) {
  if (!info.has_extension("cl_intel_unified_shared_memory")) return nullptr;
  cl_platform_id platform = nullptr;
  if (clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr) != CL_SUCCESS) return nullptr;
  std::shared_ptr<IntelUsm> usm(new IntelUsm());
  usm->m_host_alloc = lookup<clHostMemAllocINTEL_fn>(platform, "clHostMemAllocINTEL");
  usm->m_device_alloc = lookup<clDeviceMemAllocINTEL_fn>(platform, "clDeviceMemAllocINTEL");
  usm->m_blocking_free = lookup<clMemBlockingFreeINTEL_fn>(platform, "clMemBlockingFreeINTEL");
  usm->m_alloc_info = lookup<clGetMemAllocInfoINTEL_fn>(platform, "clGetMemAllocInfoINTEL");
  if (!usm->m_host_alloc || !usm->m_device_alloc || !usm->m_blocking_free || !usm->m_alloc_info) return nullptr;
  using Capabilities = cl_device_unified_shared_memory_capabilities_intel;
  usm->host_capabilities = capability<Capabilities>(device, CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL);
  usm->device_capabilities = capability<Capabilities>(device, CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL);
  return usm;
}

IntelUsm::Allocation IntelUsm::find(cl_context context, const void* pointer) const {
  Allocation allocation;
  const auto query = [&](cl_mem_info_intel param, auto& value) {
    return m_alloc_info(context, pointer, param, sizeof(value), &value, nullptr) == CL_SUCCESS;
  };
  if (!query(CL_MEM_ALLOC_TYPE_INTEL, allocation.type) || allocation.type == CL_MEM_TYPE_UNKNOWN_INTEL) return {};
  if (!query(CL_MEM_ALLOC_BASE_PTR_INTEL, allocation.base) || !query(CL_MEM_ALLOC_SIZE_INTEL, allocation.size) ||
      !query(CL_MEM_ALLOC_DEVICE_INTEL, allocation.device)) {
    return {};
  }
  return allocation;
}

void* IntelUsm::allocate_host(cl_context context, size_t bytes, cl_int* status) const {
  return m_host_alloc(context, nullptr, bytes, 0, status);
}

void* IntelUsm::allocate_device(cl_context context, cl_device_id device, size_t bytes, cl_int* status) const {
  return m_device_alloc(context, device, nullptr, bytes, 0, status);
}

void IntelUsm::free(cl_context context, void* pointer) const { m_blocking_free(context, pointer); }

}  // namespace ferry::gpu
