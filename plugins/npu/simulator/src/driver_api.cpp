// zeInit, zeDriver* and zeDevice*: one driver with one device.
#include <cstring>
#include <string>

#include "api.hpp"
#include "command_queue.hpp"
#include "device_properties.hpp"
#include "ferry/npu/driver/ze_ferry_graph_ext.h"
#include "ferry/npu/driver/ze_ferry_simulator_ext.h"
#include "list_query.hpp"
#include "memory_storage.hpp"

namespace ferry::npu::simulator::api {

ze_result_t init(ze_init_flags_t flags) {
  if (flags & ~(ZE_INIT_FLAG_GPU_ONLY | ZE_INIT_FLAG_VPU_ONLY))
    return fail(ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown zeInit flags");
  // A caller that asks for GPUs only gets no driver from us.
  if ((flags & ZE_INIT_FLAG_GPU_ONLY) && !(flags & ZE_INIT_FLAG_VPU_ONLY))
    return fail(ZE_RESULT_ERROR_UNINITIALIZED, "the simulator is a VPU; zeInit asked for GPUs only");
  set_initialized();
  return ZE_RESULT_SUCCESS;
}

ze_result_t driver_get(uint32_t* count, ze_driver_handle_t* drivers) {
  if (!initialized()) return fail(ZE_RESULT_ERROR_UNINITIALIZED, "zeInit has not succeeded");
  return answer_list(count, drivers, 1, [](ze_driver_handle_t& entry, uint32_t) { entry = driver_handle(); });
}

ze_result_t driver_get_api_version(ze_driver_handle_t driver, ze_api_version_t* version) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!version) return null_pointer("the version to return");
  *version = ZE_API_VERSION_1_4;  // the headers it is built against
  return ZE_RESULT_SUCCESS;
}

ze_result_t driver_get_properties(ze_driver_handle_t driver, ze_driver_properties_t* properties) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!properties) return null_pointer("the properties to return");
  fill_driver_properties(*properties);
  return ZE_RESULT_SUCCESS;
}

ze_result_t driver_get_ipc_properties(ze_driver_handle_t driver, ze_driver_ipc_properties_t* properties) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!properties) return null_pointer("the properties to return");
  properties->flags = 0;  // no IPC handles: memory is shared as DMA-BUF fds instead
  return ZE_RESULT_SUCCESS;
}

ze_result_t driver_get_extension_properties(ze_driver_handle_t driver, uint32_t* count,
                                            ze_driver_extension_properties_t* extensions) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  const struct {
    const char* name;
    uint32_t version;
  } extension_list[] = {{FERRY_SIMULATOR_EXTENSION_NAME, FERRY_SIMULATOR_EXTENSION_VERSION},
                        {FERRY_GRAPH_EXTENSION_NAME, FERRY_GRAPH_EXTENSION_VERSION}};
  const uint32_t offered = graph_extension_offered() ? 2 : 1;  // the graph extension is listed last
  return answer_list(count, extensions, offered, [&](ze_driver_extension_properties_t& entry, uint32_t i) {
    std::memset(entry.name, 0, sizeof entry.name);
    std::strncpy(entry.name, extension_list[i].name, ZE_MAX_EXTENSION_NAME - 1);
    entry.version = extension_list[i].version;
  });
}

ze_result_t driver_get_extension_function_address(ze_driver_handle_t driver, const char* name, void** function) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!name) return null_pointer("the function name");
  if (!function) return null_pointer("the function address to return");
  *function = extension_function(name);
  if (!*function) return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, std::string("no extension function named ") + name);
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get(ze_driver_handle_t driver, uint32_t* count, ze_device_handle_t* devices) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  return answer_list(count, devices, 1, [](ze_device_handle_t& entry, uint32_t) { entry = device_handle(); });
}

ze_result_t device_get_sub_devices(ze_device_handle_t device, uint32_t* count, ze_device_handle_t* sub_devices) {
  if (!is_device(device)) return bad_handle(device, "the device");
  return answer_list(count, sub_devices, 0, [](ze_device_handle_t&, uint32_t) {});
}

ze_result_t device_get_properties(ze_device_handle_t device, ze_device_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  fill_device_properties(*properties);
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_compute_properties(ze_device_handle_t device, ze_device_compute_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  // No kernels run on an NPU: work groups of one, no shared local memory.
  properties->maxTotalGroupSize = 1;
  properties->maxGroupSizeX = properties->maxGroupSizeY = properties->maxGroupSizeZ = 1;
  properties->maxGroupCountX = properties->maxGroupCountY = properties->maxGroupCountZ = 1;
  properties->maxSharedLocalMemory = 0;
  properties->numSubGroupSizes = 0;
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_module_properties(ze_device_handle_t device, ze_device_module_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  const ze_structure_type_t stype = properties->stype;
  void* next = properties->pNext;
  *properties = {};  // no SPIR-V modules
  properties->stype = stype;
  properties->pNext = next;
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_command_queue_group_properties(ze_device_handle_t device, uint32_t* count,
                                                      ze_command_queue_group_properties_t* groups) {
  if (!is_device(device)) return bad_handle(device, "the device");
  return answer_list(count, groups, 1, [](ze_command_queue_group_properties_t& entry, uint32_t) {
    entry.flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
    entry.maxMemoryFillPatternSize = kMaxFillPatternSize;
    entry.numQueues = kQueuesPerGroup;
  });
}

ze_result_t device_get_memory_properties(ze_device_handle_t device, uint32_t* count,
                                         ze_device_memory_properties_t* memories) {
  if (!is_device(device)) return bad_handle(device, "the device");
  return answer_list(count, memories, 1, [](ze_device_memory_properties_t& entry, uint32_t) {
    entry.flags = 0;
    entry.maxClockRate = 0;  // unknown: the host's memory
    entry.maxBusWidth = 0;
    entry.totalSize = device_memory_size();
    std::memset(entry.name, 0, sizeof entry.name);
    std::strncpy(entry.name, "host memory", ZE_MAX_DEVICE_NAME - 1);
  });
}

ze_result_t device_get_memory_access_properties(ze_device_handle_t device,
                                                ze_device_memory_access_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  const ze_memory_access_cap_flags_t read_write = ZE_MEMORY_ACCESS_CAP_FLAG_RW | ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT;
  properties->hostAllocCapabilities = read_write;
  properties->deviceAllocCapabilities = read_write;
  properties->sharedSingleDeviceAllocCapabilities = read_write;
  properties->sharedCrossDeviceAllocCapabilities = 0;
  properties->sharedSystemAllocCapabilities = read_write;  // it runs on the host: any host memory
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_cache_properties(ze_device_handle_t device, uint32_t* count,
                                        ze_device_cache_properties_t* caches) {
  if (!is_device(device)) return bad_handle(device, "the device");
  return answer_list(count, caches, 0, [](ze_device_cache_properties_t&, uint32_t) {});
}

ze_result_t device_get_image_properties(ze_device_handle_t device, ze_device_image_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  const ze_structure_type_t stype = properties->stype;
  void* next = properties->pNext;
  *properties = {};  // no images
  properties->stype = stype;
  properties->pNext = next;
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_external_memory_properties(ze_device_handle_t device,
                                                  ze_device_external_memory_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  properties->memoryAllocationImportTypes = ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF;
  properties->memoryAllocationExportTypes = ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF;
  properties->imageImportTypes = 0;
  properties->imageExportTypes = 0;
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_p2p_properties(ze_device_handle_t device, ze_device_handle_t peer,
                                      ze_device_p2p_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!is_device(peer)) return bad_handle(peer, "the peer device");
  if (!properties) return null_pointer("the properties to return");
  properties->flags = 0;  // there is no other device
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_can_access_peer(ze_device_handle_t device, ze_device_handle_t peer, ze_bool_t* value) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!is_device(peer)) return bad_handle(peer, "the peer device");
  if (!value) return null_pointer("the answer to return");
  *value = true;  // itself
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_status(ze_device_handle_t device) {
  if (!is_device(device)) return bad_handle(device, "the device");
  return ZE_RESULT_SUCCESS;
}

ze_result_t device_get_global_timestamps(ze_device_handle_t device, uint64_t* host_timestamp,
                                         uint64_t* device_timestamp) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!host_timestamp) return null_pointer("the host timestamp to return");
  if (!device_timestamp) return null_pointer("the device timestamp to return");
  *host_timestamp = *device_timestamp = now_ns();  // one clock: the device is the host
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator::api
