#include "zero_api.hpp"

#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "ferry/base/exception.hpp"

namespace ferry::npu::plugin {
namespace {

template <typename Function>
Function lookup(ze_driver_handle_t driver, const char* name) {
  void* address = nullptr;
  if (zeDriverGetExtensionFunctionAddress(driver, name, &address) != ZE_RESULT_SUCCESS) return nullptr;
  return reinterpret_cast<Function>(address);
}

bool offers_extension(ze_driver_handle_t driver, const char* name) {
  uint32_t count = 0;
  if (zeDriverGetExtensionProperties(driver, &count, nullptr) != ZE_RESULT_SUCCESS) return false;
  std::vector<ze_driver_extension_properties_t> extensions(count);
  if (zeDriverGetExtensionProperties(driver, &count, extensions.data()) != ZE_RESULT_SUCCESS) return false;
  for (const auto& extension : extensions)
    if (std::strcmp(extension.name, name) == 0) return true;
  return false;
}

}  // namespace

std::string result_name(ze_result_t result) {
  switch (result) {
#define FERRY_ZE_RESULT(name) \
  case name:                  \
    return #name;
    FERRY_ZE_RESULT(ZE_RESULT_SUCCESS)
    FERRY_ZE_RESULT(ZE_RESULT_NOT_READY)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_DEVICE_LOST)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_MODULE_BUILD_FAILURE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_NOT_AVAILABLE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNINITIALIZED)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNSUPPORTED_VERSION)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_ARGUMENT)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_NULL_HANDLE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_NULL_POINTER)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_SIZE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNSUPPORTED_SIZE)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_ENUMERATION)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNSUPPORTED_IMAGE_FORMAT)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_OVERLAPPING_REGIONS)
    FERRY_ZE_RESULT(ZE_RESULT_ERROR_UNKNOWN)
#undef FERRY_ZE_RESULT
    default:
      break;
  }
  char hex[16];
  std::snprintf(hex, sizeof(hex), "0x%x", static_cast<unsigned>(result));
  return std::string("ze_result_t ") + hex;
}

GraphExtension GraphExtension::load(ze_driver_handle_t driver) {
  GraphExtension graph;
  if (!offers_extension(driver, FERRY_GRAPH_EXTENSION_NAME)) {
    graph.why = "the Level Zero driver does not offer the graph extension " FERRY_GRAPH_EXTENSION_NAME;
    return graph;
  }
  std::string missing;
  auto bind = [&](auto& function, const char* name) {
    function = lookup<std::remove_reference_t<decltype(function)>>(driver, name);
    if (!function) missing += (missing.empty() ? "" : ", ") + std::string(name);
  };
  bind(graph.get_device_properties, FERRY_GRAPH_GET_DEVICE_PROPERTIES);
  bind(graph.get_supported_ops, FERRY_GRAPH_GET_SUPPORTED_OPS);
  bind(graph.query_model, FERRY_GRAPH_QUERY_MODEL);
  bind(graph.create, FERRY_GRAPH_CREATE);
  bind(graph.destroy, FERRY_GRAPH_DESTROY);
  bind(graph.get_properties, FERRY_GRAPH_GET_PROPERTIES);
  bind(graph.get_argument_properties, FERRY_GRAPH_GET_ARGUMENT_PROPERTIES);
  bind(graph.set_argument_value, FERRY_GRAPH_SET_ARGUMENT_VALUE);
  bind(graph.append_initialize, FERRY_GRAPH_APPEND_INITIALIZE);
  bind(graph.append_execute, FERRY_GRAPH_APPEND_EXECUTE);
  bind(graph.get_native_binary, FERRY_GRAPH_GET_NATIVE_BINARY);
  bind(graph.get_profiling_data, FERRY_GRAPH_GET_PROFILING_DATA);
  if (!missing.empty()) {
    graph.why = "the Level Zero driver lists " FERRY_GRAPH_EXTENSION_NAME " but lacks " + missing;
    return graph;
  }
  graph.available = true;
  return graph;
}

ZeroDriver::ZeroDriver(ze_driver_handle_t handle) : m_handle(handle), m_graph(GraphExtension::load(handle)) {
  ze_driver_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES;
  if (zeDriverGetProperties(handle, &properties) == ZE_RESULT_SUCCESS) m_version = properties.driverVersion;
  if (offers_extension(handle, FERRY_SIMULATOR_EXTENSION_NAME))
    m_get_last_error = lookup<ferry_simulator_get_last_error_t>(handle, FERRY_SIMULATOR_GET_LAST_ERROR);
}

std::string ZeroDriver::last_error() const {
  const char* message = nullptr;
  if (!m_get_last_error || m_get_last_error(m_handle, &message) != ZE_RESULT_SUCCESS || !message) return {};
  return message;
}

void ZeroDriver::check(ze_result_t result, const char* call) const {
  if (result == ZE_RESULT_SUCCESS) return;
  const std::string reason = last_error();
  Exception::raise("NPU: ", call, " failed with ", result_name(result), reason.empty() ? "" : ": ", reason);
}

}  // namespace ferry::npu::plugin
