#pragma once

// The plugin's side of the Level Zero API: results become ferry::Exceptions that name the call,
// the ze_result_t and the driver's own reason, and the driver extensions the plugin uses are
// looked up once per driver.

#include <level_zero/ze_api.h>

#include <string>

#include "ferry/npu/driver/ze_ferry_graph_ext.h"
#include "ferry/npu/driver/ze_ferry_simulator_ext.h"

namespace ferry::npu::plugin {

// "ZE_RESULT_ERROR_INVALID_SIZE" (or the number, for a result the headers do not name).
std::string result_name(ze_result_t result);

// The graph extension's functions (ferry/npu/driver/ze_ferry_graph_ext.h). `available` is false
// when the driver does not offer the extension; `why` then says so.
struct GraphExtension {
  bool available = false;
  std::string why;
  ferry_graph_get_device_properties_t get_device_properties = nullptr;
  ferry_graph_get_supported_ops_t get_supported_ops = nullptr;
  ferry_graph_query_model_t query_model = nullptr;
  ferry_graph_create_t create = nullptr;
  ferry_graph_destroy_t destroy = nullptr;
  ferry_graph_get_properties_t get_properties = nullptr;
  ferry_graph_get_argument_properties_t get_argument_properties = nullptr;
  ferry_graph_set_argument_value_t set_argument_value = nullptr;
  ferry_graph_append_initialize_t append_initialize = nullptr;
  ferry_graph_append_execute_t append_execute = nullptr;
  ferry_graph_get_native_binary_t get_native_binary = nullptr;
  ferry_graph_get_profiling_data_t get_profiling_data = nullptr;

  static GraphExtension load(ze_driver_handle_t driver);
};

// A driver: its handle, version and the extensions the plugin uses. The last-error query is the
// simulator's (Level Zero 1.4 has no standard one); without it, errors name the call and result.
class ZeroDriver {
 public:
  explicit ZeroDriver(ze_driver_handle_t handle);

  ze_driver_handle_t handle() const { return m_handle; }
  uint32_t version() const { return m_version; }
  const GraphExtension& graph() const { return m_graph; }

  // The driver's explanation of the calling thread's last failure ("" when it offers none).
  std::string last_error() const;
  // Throws unless `result` is ZE_RESULT_SUCCESS: "<call> failed with <result>: <driver's reason>".
  void check(ze_result_t result, const char* call) const;

 private:
  ze_driver_handle_t m_handle;
  uint32_t m_version = 0;
  GraphExtension m_graph;
  ferry_simulator_get_last_error_t m_get_last_error = nullptr;
};

}  // namespace ferry::npu::plugin
