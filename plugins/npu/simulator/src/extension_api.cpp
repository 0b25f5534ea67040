// The simulator's own extension (ferry/npu/driver/ze_ferry_simulator_ext.h).
#include <cstring>

#include "api.hpp"
#include "ferry/npu/driver/ze_ferry_simulator_ext.h"
#include "handle_checks.hpp"

namespace ferry::npu::simulator::api {
namespace {

ze_result_t get_copied_bytes(ze_driver_handle_t driver, uint64_t* bytes) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!bytes) return null_pointer("the byte count to return");
  *bytes = device().copied_bytes.load();
  return ZE_RESULT_SUCCESS;
}

ze_result_t reset_copied_bytes(ze_driver_handle_t driver) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  device().copied_bytes = 0;
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_last_error(ze_driver_handle_t driver, const char** message) {
  if (!message) return null_pointer("the message to return");
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  *message = last_error();
  return ZE_RESULT_SUCCESS;
}

// Checked at compile time against the header's declared types.
constexpr ferry_simulator_get_copied_bytes_t kGetCopiedBytes = get_copied_bytes;
constexpr ferry_simulator_reset_copied_bytes_t kResetCopiedBytes = reset_copied_bytes;
constexpr ferry_simulator_get_last_error_t kGetLastError = get_last_error;

}  // namespace

void* extension_function(const char* name) {
  if (!std::strcmp(name, FERRY_SIMULATOR_GET_COPIED_BYTES)) return reinterpret_cast<void*>(kGetCopiedBytes);
  if (!std::strcmp(name, FERRY_SIMULATOR_RESET_COPIED_BYTES)) return reinterpret_cast<void*>(kResetCopiedBytes);
  if (!std::strcmp(name, FERRY_SIMULATOR_GET_LAST_ERROR)) return reinterpret_cast<void*>(kGetLastError);
  return graph_extension_function(name);
}

}  // namespace ferry::npu::simulator::api
