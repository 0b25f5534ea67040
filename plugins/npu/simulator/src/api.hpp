#pragma once

// The driver's implementations of the Level Zero entry points, under names of their own: the
// loader reaches them only through the tables ddi_tables.cpp fills (a driver that defined the
// API's own names would bind the loader's functions and deadlock in zeInit).
#include <level_zero/ze_api.h>

namespace ferry::npu::simulator::api {

// driver_api.cpp
ze_result_t init(ze_init_flags_t flags);
ze_result_t driver_get(uint32_t* count, ze_driver_handle_t* drivers);
ze_result_t driver_get_api_version(ze_driver_handle_t driver, ze_api_version_t* version);
ze_result_t driver_get_properties(ze_driver_handle_t driver, ze_driver_properties_t* properties);
ze_result_t driver_get_ipc_properties(ze_driver_handle_t driver, ze_driver_ipc_properties_t* properties);
ze_result_t driver_get_extension_properties(ze_driver_handle_t driver, uint32_t* count,
                                            ze_driver_extension_properties_t* extensions);
ze_result_t driver_get_extension_function_address(ze_driver_handle_t driver, const char* name, void** function);
ze_result_t device_get(ze_driver_handle_t driver, uint32_t* count, ze_device_handle_t* devices);
ze_result_t device_get_sub_devices(ze_device_handle_t device, uint32_t* count, ze_device_handle_t* sub_devices);
ze_result_t device_get_properties(ze_device_handle_t device, ze_device_properties_t* properties);
ze_result_t device_get_compute_properties(ze_device_handle_t device, ze_device_compute_properties_t* properties);
ze_result_t device_get_module_properties(ze_device_handle_t device, ze_device_module_properties_t* properties);
ze_result_t device_get_command_queue_group_properties(ze_device_handle_t device, uint32_t* count,
                                                      ze_command_queue_group_properties_t* groups);
ze_result_t device_get_memory_properties(ze_device_handle_t device, uint32_t* count,
                                         ze_device_memory_properties_t* memories);
ze_result_t device_get_memory_access_properties(ze_device_handle_t device,
                                                ze_device_memory_access_properties_t* properties);
ze_result_t device_get_cache_properties(ze_device_handle_t device, uint32_t* count,
                                        ze_device_cache_properties_t* caches);
ze_result_t device_get_image_properties(ze_device_handle_t device, ze_device_image_properties_t* properties);
ze_result_t device_get_external_memory_properties(ze_device_handle_t device,
                                                  ze_device_external_memory_properties_t* properties);
ze_result_t device_get_p2p_properties(ze_device_handle_t device, ze_device_handle_t peer,
                                      ze_device_p2p_properties_t* properties);
ze_result_t device_can_access_peer(ze_device_handle_t device, ze_device_handle_t peer, ze_bool_t* value);
ze_result_t device_get_status(ze_device_handle_t device);
ze_result_t device_get_global_timestamps(ze_device_handle_t device, uint64_t* host_timestamp,
                                         uint64_t* device_timestamp);

// extension_api.cpp: the function zeDriverGetExtensionFunctionAddress hands out for `name`.
void* extension_function(const char* name);
// graph_api.cpp: the same for the graph extension (ferry/npu/driver/ze_ferry_graph_ext.h).
void* graph_extension_function(const char* name);
// Whether this driver offers the graph extension: it does unless the environment variable
// FERRY_NPU_SIMULATOR_WITHOUT_GRAPH_EXTENSION is 1 when first asked, which makes it a
// driver of an NPU without a compiler (for applications' and plugins' tests of that case).
bool graph_extension_offered();

// context_api.cpp
ze_result_t context_create(ze_driver_handle_t driver, const ze_context_desc_t* desc, ze_context_handle_t* context);
ze_result_t context_create_ex(ze_driver_handle_t driver, const ze_context_desc_t* desc, uint32_t device_count,
                              ze_device_handle_t* devices, ze_context_handle_t* context);
ze_result_t context_destroy(ze_context_handle_t context);
ze_result_t context_get_status(ze_context_handle_t context);
ze_result_t context_system_barrier(ze_context_handle_t context, ze_device_handle_t device);
ze_result_t context_make_memory_resident(ze_context_handle_t context, ze_device_handle_t device, void* pointer,
                                         size_t size);
ze_result_t context_evict_memory(ze_context_handle_t context, ze_device_handle_t device, void* pointer, size_t size);

// memory_api.cpp
ze_result_t mem_alloc_host(ze_context_handle_t context, const ze_host_mem_alloc_desc_t* host_desc, size_t size,
                           size_t alignment, void** pointer);
ze_result_t mem_alloc_device(ze_context_handle_t context, const ze_device_mem_alloc_desc_t* device_desc, size_t size,
                             size_t alignment, ze_device_handle_t device, void** pointer);
ze_result_t mem_alloc_shared(ze_context_handle_t context, const ze_device_mem_alloc_desc_t* device_desc,
                             const ze_host_mem_alloc_desc_t* host_desc, size_t size, size_t alignment,
                             ze_device_handle_t device, void** pointer);
ze_result_t mem_free(ze_context_handle_t context, void* pointer);
ze_result_t mem_get_alloc_properties(ze_context_handle_t context, const void* pointer,
                                     ze_memory_allocation_properties_t* properties, ze_device_handle_t* device);
ze_result_t mem_get_address_range(ze_context_handle_t context, const void* pointer, void** base, size_t* size);

// command_queue_api.cpp
ze_result_t command_queue_create(ze_context_handle_t context, ze_device_handle_t device,
                                 const ze_command_queue_desc_t* desc, ze_command_queue_handle_t* queue);
ze_result_t command_queue_destroy(ze_command_queue_handle_t queue);
ze_result_t command_queue_execute_command_lists(ze_command_queue_handle_t queue, uint32_t count,
                                                ze_command_list_handle_t* lists, ze_fence_handle_t fence);
ze_result_t command_queue_synchronize(ze_command_queue_handle_t queue, uint64_t timeout_ns);
ze_result_t fence_create(ze_command_queue_handle_t queue, const ze_fence_desc_t* desc, ze_fence_handle_t* fence);
ze_result_t fence_destroy(ze_fence_handle_t fence);
ze_result_t fence_host_synchronize(ze_fence_handle_t fence, uint64_t timeout_ns);
ze_result_t fence_query_status(ze_fence_handle_t fence);
ze_result_t fence_reset(ze_fence_handle_t fence);

// command_list_api.cpp
ze_result_t command_list_create(ze_context_handle_t context, ze_device_handle_t device,
                                const ze_command_list_desc_t* desc, ze_command_list_handle_t* list);
ze_result_t command_list_create_immediate(ze_context_handle_t context, ze_device_handle_t device,
                                          const ze_command_queue_desc_t* desc, ze_command_list_handle_t* list);
ze_result_t command_list_destroy(ze_command_list_handle_t list);
ze_result_t command_list_close(ze_command_list_handle_t list);
ze_result_t command_list_reset(ze_command_list_handle_t list);
ze_result_t command_list_append_barrier(ze_command_list_handle_t list, ze_event_handle_t signal, uint32_t wait_count,
                                        ze_event_handle_t* waits);
ze_result_t command_list_append_memory_ranges_barrier(ze_command_list_handle_t list, uint32_t range_count,
                                                      const size_t* range_sizes, const void** ranges,
                                                      ze_event_handle_t signal, uint32_t wait_count,
                                                      ze_event_handle_t* waits);
ze_result_t command_list_append_memory_copy(ze_command_list_handle_t list, void* destination, const void* source,
                                            size_t size, ze_event_handle_t signal, uint32_t wait_count,
                                            ze_event_handle_t* waits);
ze_result_t command_list_append_memory_copy_from_context(ze_command_list_handle_t list, void* destination,
                                                         ze_context_handle_t source_context, const void* source,
                                                         size_t size, ze_event_handle_t signal, uint32_t wait_count,
                                                         ze_event_handle_t* waits);
ze_result_t command_list_append_memory_fill(ze_command_list_handle_t list, void* destination, const void* pattern,
                                            size_t pattern_size, size_t size, ze_event_handle_t signal,
                                            uint32_t wait_count, ze_event_handle_t* waits);
ze_result_t command_list_append_write_global_timestamp(ze_command_list_handle_t list, uint64_t* destination,
                                                       ze_event_handle_t signal, uint32_t wait_count,
                                                       ze_event_handle_t* waits);
ze_result_t command_list_append_memory_prefetch(ze_command_list_handle_t list, const void* pointer, size_t size);
ze_result_t command_list_append_mem_advise(ze_command_list_handle_t list, ze_device_handle_t device,
                                           const void* pointer, size_t size, ze_memory_advice_t advice);
ze_result_t command_list_append_signal_event(ze_command_list_handle_t list, ze_event_handle_t event);
ze_result_t command_list_append_wait_on_events(ze_command_list_handle_t list, uint32_t count,
                                               ze_event_handle_t* events);
ze_result_t command_list_append_event_reset(ze_command_list_handle_t list, ze_event_handle_t event);

// event_api.cpp
ze_result_t event_pool_create(ze_context_handle_t context, const ze_event_pool_desc_t* desc, uint32_t device_count,
                              ze_device_handle_t* devices, ze_event_pool_handle_t* pool);
ze_result_t event_pool_destroy(ze_event_pool_handle_t pool);
ze_result_t event_create(ze_event_pool_handle_t pool, const ze_event_desc_t* desc, ze_event_handle_t* event);
ze_result_t event_destroy(ze_event_handle_t event);
ze_result_t event_host_signal(ze_event_handle_t event);
ze_result_t event_host_synchronize(ze_event_handle_t event, uint64_t timeout_ns);
ze_result_t event_query_status(ze_event_handle_t event);
ze_result_t event_host_reset(ze_event_handle_t event);
ze_result_t event_query_kernel_timestamp(ze_event_handle_t event, ze_kernel_timestamp_result_t* result);

}  // namespace ferry::npu::simulator::api
