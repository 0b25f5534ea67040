#pragma once

#include <level_zero/ze_api.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace ferry::npu::simulator {

// The one driver and its one device: a simulated NPU whose engines are the host's CPU cores.
struct Device {
  // Bytes the device copied, every copy through cpu::engine::device_copy (memory copy commands, the
  // engine's own copies): ferrySimulatorGetCopiedBytes.
  std::atomic<uint64_t> copied_bytes{0};
  // Guards the state every waiter watches (events, fences, queue progress) and wakes them all:
  // one lock keeps waits on several objects (an event signalled by another queue) simple.
  std::mutex signal_mutex;
  std::condition_variable signalled;

  // ferrySimulatorFailExecutions: how many graph executions are still to fail, and with what.
  std::mutex injection_mutex;
  uint32_t executions_to_fail = 0;
  ze_result_t injected_result = ZE_RESULT_SUCCESS;
  // Whether the graph execution that starts now is to fail (it consumes one): then `result`.
  bool take_injected_failure(ze_result_t& result);

  // ferrySimulatorHoldExecutions: while held, graph executions wait in wait_while_held.
  std::mutex hold_mutex;
  std::condition_variable hold_lifted;
  bool hold = false;
  uint32_t held = 0;  // executions waiting now
  void wait_while_held();
};

Device& device();
ze_driver_handle_t driver_handle();
ze_device_handle_t device_handle();

// Whether zeInit has succeeded: every other entry point needs it.
bool initialized();
void set_initialized();

// Nanoseconds of the clock that device timestamps use.
uint64_t now_ns();

// Waits on device().signalled until `ready()` holds (true) or `timeout_ns` passes (false);
// UINT64_MAX waits forever, 0 only looks. The caller holds `lock` on device().signal_mutex.
template <class Ready>
bool wait_signalled(std::unique_lock<std::mutex>& lock, uint64_t timeout_ns, Ready ready) {
  if (timeout_ns == UINT64_MAX) {
    device().signalled.wait(lock, ready);
    return true;
  }
  return device().signalled.wait_for(lock, std::chrono::nanoseconds(timeout_ns), ready);
}

}  // namespace ferry::npu::simulator
