// zeContext*: contexts, the scope of memory and of the objects that use it.
#include "api.hpp"
#include "context.hpp"
#include "handle_checks.hpp"
#include "memory_storage.hpp"

namespace ferry::npu::simulator::api {

ze_result_t context_create(ze_driver_handle_t driver, const ze_context_desc_t* desc, ze_context_handle_t* context) {
  return context_create_ex(driver, desc, 0, nullptr, context);
}

ze_result_t context_create_ex(ze_driver_handle_t driver, const ze_context_desc_t* desc, uint32_t device_count,
                              ze_device_handle_t* devices, ze_context_handle_t* context) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!desc) return null_pointer("the context descriptor");
  if (!context) return null_pointer("the context to return");
  if (device_count && !devices) return null_pointer("the devices");
  for (uint32_t i = 0; i < device_count; ++i)
    if (!is_device(devices[i])) return bad_handle(devices[i], "a device of the context");
  *context = handle_of(new Context());
  return ZE_RESULT_SUCCESS;
}

ze_result_t context_destroy(ze_context_handle_t handle) {
  Context* context = find_context(handle);
  if (!context) return bad_handle(handle, "the context");
  if (context->children > 0)
    return fail(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
                "the context still has " + std::to_string(context->children.load()) +
                    " queue(s), command list(s) or event pool(s); destroy them first");
  // Memory the application did not free goes with its context.
  for (const Allocation& allocation : allocations().remove_all(context)) release_storage(allocation);
  delete context;
  return ZE_RESULT_SUCCESS;
}

ze_result_t context_get_status(ze_context_handle_t handle) {
  if (!find_context(handle)) return bad_handle(handle, "the context");
  return ZE_RESULT_SUCCESS;
}

ze_result_t context_system_barrier(ze_context_handle_t handle, ze_device_handle_t device) {
  if (!find_context(handle)) return bad_handle(handle, "the context");
  if (!is_device(device)) return bad_handle(device, "the device");
  return ZE_RESULT_SUCCESS;  // the device's memory is the host's: nothing to flush
}

ze_result_t context_make_memory_resident(ze_context_handle_t handle, ze_device_handle_t device, void* pointer,
                                         size_t size) {
  if (!find_context(handle)) return bad_handle(handle, "the context");
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!pointer) return null_pointer("the memory");
  (void)size;
  return ZE_RESULT_SUCCESS;  // always resident: the device computes in host memory
}

ze_result_t context_evict_memory(ze_context_handle_t handle, ze_device_handle_t device, void* pointer, size_t size) {
  return context_make_memory_resident(handle, device, pointer, size);
}

}  // namespace ferry::npu::simulator::api
