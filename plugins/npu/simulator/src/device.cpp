#include "device.hpp"

namespace ferry::npu::simulator {
namespace {
struct DriverObject {
} driver_object;
std::atomic<bool> init_done{false};
}  // namespace

Device& device() {
  static Device* the_device = new Device();  // never destroyed: worker threads may outlive exit
  return *the_device;
}

bool Device::take_injected_failure(ze_result_t& result) {
  std::lock_guard<std::mutex> lock(injection_mutex);
  if (executions_to_fail == 0) return false;
  --executions_to_fail;
  result = injected_result;
  return true;
}

void Device::wait_while_held() {
  std::unique_lock<std::mutex> lock(hold_mutex);
  if (!hold) return;
  ++held;
  hold_lifted.wait(lock, [this] { return !hold; });
  --held;
}

ze_driver_handle_t driver_handle() { return reinterpret_cast<ze_driver_handle_t>(&driver_object); }
ze_device_handle_t device_handle() { return reinterpret_cast<ze_device_handle_t>(&device()); }

bool initialized() { return init_done.load(); }
void set_initialized() { init_done.store(true); }

uint64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace ferry::npu::simulator
