// The table getters the Level Zero loader looks up in a driver (all of ze, zet and zes): the
// only symbols this library exports. Slots left null answer ZE_RESULT_ERROR_UNSUPPORTED_FEATURE
// through the loader: an NPU has no kernels, modules, images, samplers, virtual memory, metrics
// or sysman.
#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include "api.hpp"

namespace {

namespace api = ferry::npu::simulator::api;

// The loader's tables are of its own API version and start zeroed; only a version of another
// major number has another layout.
template <class Table>
ze_result_t check_table(ze_api_version_t version, Table* table) {
  if (!table) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
  if (ZE_MAJOR_VERSION(version) != ZE_MAJOR_VERSION(ZE_API_VERSION_CURRENT)) return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
  return ZE_RESULT_SUCCESS;
}

}  // namespace

extern "C" {
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetGlobalProcAddrTable(ze_api_version_t version, ze_global_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnInit = api::init;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetDriverProcAddrTable(ze_api_version_t version, ze_driver_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnGet = api::driver_get;
  table->pfnGetApiVersion = api::driver_get_api_version;
  table->pfnGetProperties = api::driver_get_properties;
  table->pfnGetIpcProperties = api::driver_get_ipc_properties;
  table->pfnGetExtensionProperties = api::driver_get_extension_properties;
  table->pfnGetExtensionFunctionAddress = api::driver_get_extension_function_address;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetDeviceProcAddrTable(ze_api_version_t version, ze_device_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnGet = api::device_get;
  table->pfnGetSubDevices = api::device_get_sub_devices;
  table->pfnGetProperties = api::device_get_properties;
  table->pfnGetComputeProperties = api::device_get_compute_properties;
  table->pfnGetModuleProperties = api::device_get_module_properties;
  table->pfnGetCommandQueueGroupProperties = api::device_get_command_queue_group_properties;
  table->pfnGetMemoryProperties = api::device_get_memory_properties;
  table->pfnGetMemoryAccessProperties = api::device_get_memory_access_properties;
  table->pfnGetCacheProperties = api::device_get_cache_properties;
  table->pfnGetImageProperties = api::device_get_image_properties;
  table->pfnGetExternalMemoryProperties = api::device_get_external_memory_properties;
  table->pfnGetP2PProperties = api::device_get_p2p_properties;
  table->pfnCanAccessPeer = api::device_can_access_peer;
  table->pfnGetStatus = api::device_get_status;
  table->pfnGetGlobalTimestamps = api::device_get_global_timestamps;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetContextProcAddrTable(ze_api_version_t version, ze_context_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnCreate = api::context_create;
  table->pfnDestroy = api::context_destroy;
  table->pfnGetStatus = api::context_get_status;
  table->pfnSystemBarrier = api::context_system_barrier;
  table->pfnMakeMemoryResident = api::context_make_memory_resident;
  table->pfnEvictMemory = api::context_evict_memory;
  table->pfnCreateEx = api::context_create_ex;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetCommandQueueProcAddrTable(ze_api_version_t version,
                                                                   ze_command_queue_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnCreate = api::command_queue_create;
  table->pfnDestroy = api::command_queue_destroy;
  table->pfnExecuteCommandLists = api::command_queue_execute_command_lists;
  table->pfnSynchronize = api::command_queue_synchronize;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetCommandListProcAddrTable(ze_api_version_t version,
                                                                  ze_command_list_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnCreate = api::command_list_create;
  table->pfnCreateImmediate = api::command_list_create_immediate;
  table->pfnDestroy = api::command_list_destroy;
  table->pfnClose = api::command_list_close;
  table->pfnReset = api::command_list_reset;
  table->pfnAppendWriteGlobalTimestamp = api::command_list_append_write_global_timestamp;
  table->pfnAppendBarrier = api::command_list_append_barrier;
  table->pfnAppendMemoryRangesBarrier = api::command_list_append_memory_ranges_barrier;
  table->pfnAppendMemoryCopy = api::command_list_append_memory_copy;
  table->pfnAppendMemoryFill = api::command_list_append_memory_fill;
  table->pfnAppendMemoryCopyFromContext = api::command_list_append_memory_copy_from_context;
  table->pfnAppendMemoryPrefetch = api::command_list_append_memory_prefetch;
  table->pfnAppendMemAdvise = api::command_list_append_mem_advise;
  table->pfnAppendSignalEvent = api::command_list_append_signal_event;
  table->pfnAppendWaitOnEvents = api::command_list_append_wait_on_events;
  table->pfnAppendEventReset = api::command_list_append_event_reset;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetFenceProcAddrTable(ze_api_version_t version, ze_fence_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnCreate = api::fence_create;
  table->pfnDestroy = api::fence_destroy;
  table->pfnHostSynchronize = api::fence_host_synchronize;
  table->pfnQueryStatus = api::fence_query_status;
  table->pfnReset = api::fence_reset;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetEventPoolProcAddrTable(ze_api_version_t version,
                                                                ze_event_pool_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnCreate = api::event_pool_create;
  table->pfnDestroy = api::event_pool_destroy;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetEventProcAddrTable(ze_api_version_t version, ze_event_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnCreate = api::event_create;
  table->pfnDestroy = api::event_destroy;
  table->pfnHostSignal = api::event_host_signal;
  table->pfnHostSynchronize = api::event_host_synchronize;
  table->pfnQueryStatus = api::event_query_status;
  table->pfnHostReset = api::event_host_reset;
  table->pfnQueryKernelTimestamp = api::event_query_kernel_timestamp;
  return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetMemProcAddrTable(ze_api_version_t version, ze_mem_dditable_t* table) {
  const ze_result_t checked = check_table(version, table);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  table->pfnAllocShared = api::mem_alloc_shared;
  table->pfnAllocDevice = api::mem_alloc_device;
  table->pfnAllocHost = api::mem_alloc_host;
  table->pfnFree = api::mem_free;
  table->pfnGetAllocProperties = api::mem_get_alloc_properties;
  table->pfnGetAddressRange = api::mem_get_address_range;
  return ZE_RESULT_SUCCESS;
}

// The tables of what the device does not have: every slot stays null.
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetDeviceExpProcAddrTable(ze_api_version_t version,
                                                                ze_device_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetImageProcAddrTable(ze_api_version_t version, ze_image_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetImageExpProcAddrTable(ze_api_version_t version,
                                                               ze_image_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetEventExpProcAddrTable(ze_api_version_t version,
                                                               ze_event_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetModuleProcAddrTable(ze_api_version_t version, ze_module_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetModuleBuildLogProcAddrTable(ze_api_version_t version,
                                                                     ze_module_build_log_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetKernelProcAddrTable(ze_api_version_t version, ze_kernel_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetKernelExpProcAddrTable(ze_api_version_t version,
                                                                ze_kernel_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetSamplerProcAddrTable(ze_api_version_t version, ze_sampler_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetPhysicalMemProcAddrTable(ze_api_version_t version,
                                                                  ze_physical_mem_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetVirtualMemProcAddrTable(ze_api_version_t version,
                                                                 ze_virtual_mem_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetFabricVertexExpProcAddrTable(ze_api_version_t version,
                                                                      ze_fabric_vertex_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetFabricEdgeExpProcAddrTable(ze_api_version_t version,
                                                                    ze_fabric_edge_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetDeviceProcAddrTable(ze_api_version_t version, zet_device_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetContextProcAddrTable(ze_api_version_t version,
                                                               zet_context_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetCommandListProcAddrTable(ze_api_version_t version,
                                                                   zet_command_list_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetModuleProcAddrTable(ze_api_version_t version, zet_module_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetKernelProcAddrTable(ze_api_version_t version, zet_kernel_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetMetricGroupProcAddrTable(ze_api_version_t version,
                                                                   zet_metric_group_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetMetricGroupExpProcAddrTable(ze_api_version_t version,
                                                                      zet_metric_group_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetMetricProcAddrTable(ze_api_version_t version, zet_metric_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetMetricStreamerProcAddrTable(ze_api_version_t version,
                                                                      zet_metric_streamer_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetMetricQueryPoolProcAddrTable(ze_api_version_t version,
                                                                       zet_metric_query_pool_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetMetricQueryProcAddrTable(ze_api_version_t version,
                                                                   zet_metric_query_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetTracerExpProcAddrTable(ze_api_version_t version,
                                                                 zet_tracer_exp_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zetGetDebugProcAddrTable(ze_api_version_t version, zet_debug_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetDriverProcAddrTable(ze_api_version_t version, zes_driver_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetDeviceProcAddrTable(ze_api_version_t version, zes_device_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetSchedulerProcAddrTable(ze_api_version_t version,
                                                                 zes_scheduler_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetPerformanceFactorProcAddrTable(ze_api_version_t version,
                                                                         zes_performance_factor_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetPowerProcAddrTable(ze_api_version_t version, zes_power_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetFrequencyProcAddrTable(ze_api_version_t version,
                                                                 zes_frequency_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetEngineProcAddrTable(ze_api_version_t version, zes_engine_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetStandbyProcAddrTable(ze_api_version_t version,
                                                               zes_standby_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetFirmwareProcAddrTable(ze_api_version_t version,
                                                                zes_firmware_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetMemoryProcAddrTable(ze_api_version_t version, zes_memory_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetFabricPortProcAddrTable(ze_api_version_t version,
                                                                  zes_fabric_port_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetTemperatureProcAddrTable(ze_api_version_t version,
                                                                   zes_temperature_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetPsuProcAddrTable(ze_api_version_t version, zes_psu_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetFanProcAddrTable(ze_api_version_t version, zes_fan_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetLedProcAddrTable(ze_api_version_t version, zes_led_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetRasProcAddrTable(ze_api_version_t version, zes_ras_dditable_t* table) {
  return check_table(version, table);
}
ZE_DLLEXPORT ze_result_t ZE_APICALL zesGetDiagnosticsProcAddrTable(ze_api_version_t version,
                                                                   zes_diagnostics_dditable_t* table) {
  return check_table(version, table);
}

}  // extern "C"
