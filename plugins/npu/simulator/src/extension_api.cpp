// The simulator's own extension (ferry/npu/driver/ze_ferry_simulator_ext.h).
#include <cstdlib>
#include <cstring>
#include <string>

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

ze_result_t fail_executions(ze_driver_handle_t driver, uint32_t count, ze_result_t result) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  // Only error codes: a fence that answered SUCCESS or NOT_READY for a failure would lie.
  const bool is_error = result >= ZE_RESULT_ERROR_DEVICE_LOST && result != ZE_RESULT_FORCE_UINT32;
  if (count && !is_error)
    return fail(ZE_RESULT_ERROR_INVALID_ENUMERATION,
                "executions can only be made to fail with an error code, not " + std::to_string(result));
  std::lock_guard<std::mutex> lock(device().injection_mutex);
  device().executions_to_fail = count;
  device().injected_result = result;
  return ZE_RESULT_SUCCESS;
}

// Checked at compile time against the header's declared types.
ze_result_t hold_executions(ze_driver_handle_t driver, ze_bool_t hold) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  {
    std::lock_guard<std::mutex> lock(device().hold_mutex);
    device().hold = hold != 0;
  }
  device().hold_lifted.notify_all();
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_held_executions(ze_driver_handle_t driver, uint32_t* count) {
  if (!is_driver(driver)) return bad_handle(driver, "the driver");
  if (!count) return null_pointer("the count to return");
  std::lock_guard<std::mutex> lock(device().hold_mutex);
  *count = device().held;
  return ZE_RESULT_SUCCESS;
}

constexpr ferry_simulator_get_copied_bytes_t kGetCopiedBytes = get_copied_bytes;
constexpr ferry_simulator_reset_copied_bytes_t kResetCopiedBytes = reset_copied_bytes;
constexpr ferry_simulator_get_last_error_t kGetLastError = get_last_error;
constexpr ferry_simulator_fail_executions_t kFailExecutions = fail_executions;
constexpr ferry_simulator_hold_executions_t kHoldExecutions = hold_executions;
constexpr ferry_simulator_get_held_executions_t kGetHeldExecutions = get_held_executions;

}  // namespace

void* extension_function(const char* name) {
  if (!std::strcmp(name, FERRY_SIMULATOR_GET_COPIED_BYTES)) return reinterpret_cast<void*>(kGetCopiedBytes);
  if (!std::strcmp(name, FERRY_SIMULATOR_RESET_COPIED_BYTES)) return reinterpret_cast<void*>(kResetCopiedBytes);
  if (!std::strcmp(name, FERRY_SIMULATOR_GET_LAST_ERROR)) return reinterpret_cast<void*>(kGetLastError);
  if (!std::strcmp(name, FERRY_SIMULATOR_FAIL_EXECUTIONS)) return reinterpret_cast<void*>(kFailExecutions);
  if (!std::strcmp(name, FERRY_SIMULATOR_HOLD_EXECUTIONS)) return reinterpret_cast<void*>(kHoldExecutions);
  if (!std::strcmp(name, FERRY_SIMULATOR_GET_HELD_EXECUTIONS)) return reinterpret_cast<void*>(kGetHeldExecutions);
  return graph_extension_offered() ? graph_extension_function(name) : nullptr;
}

bool graph_extension_offered() {
  static const bool offered = [] {
    const char* without = std::getenv("FERRY_NPU_SIMULATOR_WITHOUT_GRAPH_EXTENSION");
    return !(without && std::strcmp(without, "1") == 0);
  }();
  return offered;
}

}  // namespace ferry::npu::simulator::api
