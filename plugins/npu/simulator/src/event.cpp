#include "event.hpp"

#include "device.hpp"

namespace ferry::npu::simulator {

void signal_event(Event* event, uint64_t start_ns, uint64_t end_ns) {
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    event->signalled = true;
    event->start_ns = start_ns;
    event->end_ns = end_ns;
  }
  device().signalled.notify_all();
}

void reset_event(Event* event) {
  std::lock_guard<std::mutex> lock(device().signal_mutex);
  event->signalled = false;
}

}  // namespace ferry::npu::simulator
