// Extension functions of Ferry's simulated NPU driver (plugins/npu/simulator), reached through
// zeDriverGetExtensionFunctionAddress(driver, <name>, &function). The extension is listed by
// zeDriverGetExtensionProperties as FERRY_SIMULATOR_EXTENSION_NAME.
#ifndef FERRY_NPU_DRIVER_ZE_FERRY_SIMULATOR_EXT_H
#define FERRY_NPU_DRIVER_ZE_FERRY_SIMULATOR_EXT_H

#include <level_zero/ze_api.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FERRY_SIMULATOR_EXTENSION_NAME "ZE_extension_ferry_npu_simulator"
#define FERRY_SIMULATOR_EXTENSION_VERSION ZE_MAKE_VERSION(1, 0)

// Bytes the device has copied since the driver loaded (or since the last reset): memory copies
// appended to command lists and any host staging the device does. Zero-copy paths add nothing,
// so a test can assert that a pipeline copies nothing.
#define FERRY_SIMULATOR_GET_COPIED_BYTES "ferrySimulatorGetCopiedBytes"
typedef ze_result_t (*ferry_simulator_get_copied_bytes_t)(ze_driver_handle_t driver, uint64_t* bytes);

#define FERRY_SIMULATOR_RESET_COPIED_BYTES "ferrySimulatorResetCopiedBytes"
typedef ze_result_t (*ferry_simulator_reset_copied_bytes_t)(ze_driver_handle_t driver);

// The message explaining the last error the driver returned on the calling thread ("" before
// its first error). The string stays valid until the thread's next failing call.
#define FERRY_SIMULATOR_GET_LAST_ERROR "ferrySimulatorGetLastError"
typedef ze_result_t (*ferry_simulator_get_last_error_t)(ze_driver_handle_t driver, const char** message);

// Makes the next `count` graph executions on the driver's device fail with `result` (e.g.
// ZE_RESULT_ERROR_DEVICE_LOST), as a device that is lost mid-inference would: their fences and
// queues report `result`, and the last error says the failure was injected. 0 cancels.
#define FERRY_SIMULATOR_FAIL_EXECUTIONS "ferrySimulatorFailExecutions"
typedef ze_result_t (*ferry_simulator_fail_executions_t)(ze_driver_handle_t driver, uint32_t count, ze_result_t result);

// Holds graph executions: while `hold` is true, every graph execution that starts on the
// device waits before it runs until the hold is lifted (a test sees how far requests got, as a
// slow device would show it). ferrySimulatorGetHeldExecutions counts those waiting now.
#define FERRY_SIMULATOR_HOLD_EXECUTIONS "ferrySimulatorHoldExecutions"
typedef ze_result_t (*ferry_simulator_hold_executions_t)(ze_driver_handle_t driver, ze_bool_t hold);

#define FERRY_SIMULATOR_GET_HELD_EXECUTIONS "ferrySimulatorGetHeldExecutions"
typedef ze_result_t (*ferry_simulator_get_held_executions_t)(ze_driver_handle_t driver, uint32_t* count);

#ifdef __cplusplus
}
#endif

#endif  // FERRY_NPU_DRIVER_ZE_FERRY_SIMULATOR_EXT_H
