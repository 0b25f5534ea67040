// zeMem*: host, device and shared allocations; DMA-BUF (memfd) import and export.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>

#include "api.hpp"
#include "context.hpp"
#include "handle_checks.hpp"
#include "memory_storage.hpp"

namespace ferry::npu::simulator::api {
namespace {

std::atomic<uint64_t> next_allocation_id{1};

// Reads the external-memory structures of a descriptor's pNext chain into `request`.
ze_result_t read_external_memory(const void* next, StorageRequest& request) {
  if (auto* exported =
          find_in_chain<ze_external_memory_export_desc_t>(next, ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC)) {
    if (exported->flags & ~ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF)
      return fail(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION, "only DMA-BUF memory can be exported");
    request.exportable = exported->flags != 0;
  }
  if (auto* imported =
          find_in_chain<ze_external_memory_import_fd_t>(next, ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD)) {
    if (imported->flags != ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF)
      return fail(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION, "only a DMA-BUF fd can be imported");
    if (imported->fd < 0)
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
                  "the imported fd " + std::to_string(imported->fd) + " is not an fd");
    request.import_fd = imported->fd;
  }
  return ZE_RESULT_SUCCESS;
}

ze_result_t allocate(ze_context_handle_t context_handle, ze_memory_type_t type, const void* device_next,
                     const void* host_next, size_t size, size_t alignment, void** pointer) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!pointer) return null_pointer("the pointer to return");
  StorageRequest request;
  request.size = size;
  request.alignment = alignment;
  for (const void* next : {device_next, host_next}) {
    const ze_result_t read = read_external_memory(next, request);
    if (read != ZE_RESULT_SUCCESS) return read;
  }
  Allocation allocation;
  allocation.context = context;
  allocation.type = type;
  allocation.id = next_allocation_id++;
  const ze_result_t allocated = allocate_storage(request, allocation);
  if (allocated != ZE_RESULT_SUCCESS) return allocated;
  allocations().add(allocation);
  *pointer = allocation.base;
  return ZE_RESULT_SUCCESS;
}

}  // namespace

ze_result_t mem_alloc_host(ze_context_handle_t context, const ze_host_mem_alloc_desc_t* host_desc, size_t size,
                           size_t alignment, void** pointer) {
  if (!host_desc) return null_pointer("the host allocation descriptor");
  return allocate(context, ZE_MEMORY_TYPE_HOST, nullptr, host_desc->pNext, size, alignment, pointer);
}

ze_result_t mem_alloc_device(ze_context_handle_t context, const ze_device_mem_alloc_desc_t* device_desc, size_t size,
                             size_t alignment, ze_device_handle_t device, void** pointer) {
  if (!device_desc) return null_pointer("the device allocation descriptor");
  if (!is_device(device)) return bad_handle(device, "the device");
  return allocate(context, ZE_MEMORY_TYPE_DEVICE, device_desc->pNext, nullptr, size, alignment, pointer);
}

ze_result_t mem_alloc_shared(ze_context_handle_t context, const ze_device_mem_alloc_desc_t* device_desc,
                             const ze_host_mem_alloc_desc_t* host_desc, size_t size, size_t alignment,
                             ze_device_handle_t device, void** pointer) {
  if (!device_desc) return null_pointer("the device allocation descriptor");
  if (!host_desc) return null_pointer("the host allocation descriptor");
  // A shared allocation may name no device (it then migrates to whichever uses it).
  if (device && !is_device(device)) return bad_handle(device, "the device");
  return allocate(context, ZE_MEMORY_TYPE_SHARED, device_desc->pNext, host_desc->pNext, size, alignment, pointer);
}

ze_result_t mem_free(ze_context_handle_t context_handle, void* pointer) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!pointer) return null_pointer("the pointer to free");
  std::optional<Allocation> found = allocations().find(pointer);
  if (!found || found->base != pointer || found->context != context)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the pointer is not the start of an allocation of this context");
  if (auto removed = allocations().remove(pointer)) release_storage(*removed);
  return ZE_RESULT_SUCCESS;
}

ze_result_t mem_get_alloc_properties(ze_context_handle_t context_handle, const void* pointer,
                                     ze_memory_allocation_properties_t* properties, ze_device_handle_t* device) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!pointer) return null_pointer("the pointer");
  if (!properties) return null_pointer("the properties to return");
  std::optional<Allocation> found = allocations().find(pointer);
  if (!found || found->context != context) {
    // Not memory of this context: the spec's answer is "unknown", not an error.
    properties->type = ZE_MEMORY_TYPE_UNKNOWN;
    properties->id = 0;
    properties->pageSize = 0;
    if (device) *device = nullptr;
    return ZE_RESULT_SUCCESS;
  }
  auto* export_fd = const_cast<ze_external_memory_export_fd_t*>(
      find_in_chain<ze_external_memory_export_fd_t>(properties->pNext, ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD));
  if (export_fd) {
    if (export_fd->flags != ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF)
      return fail(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION, "only a DMA-BUF fd can be exported");
    if (found->fd < 0)
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
                  "the allocation was not created exportable (ze_external_memory_export_desc_t with DMA_BUF)");
    // A new fd the caller owns and closes; the allocation keeps its own.
    export_fd->fd = fcntl(found->fd, F_DUPFD_CLOEXEC, 0);
    if (export_fd->fd < 0) return fail(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY, "dup of the allocation's fd failed");
  }
  properties->type = found->type;
  properties->id = found->id;
  properties->pageSize = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  if (device) *device = found->type == ZE_MEMORY_TYPE_HOST ? nullptr : device_handle();
  return ZE_RESULT_SUCCESS;
}

ze_result_t mem_get_address_range(ze_context_handle_t context_handle, const void* pointer, void** base, size_t* size) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!pointer) return null_pointer("the pointer");
  std::optional<Allocation> found = allocations().find(pointer);
  if (!found || found->context != context)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the pointer lies in no allocation of this context");
  if (base) *base = found->base;
  if (size) *size = found->size;
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator::api
