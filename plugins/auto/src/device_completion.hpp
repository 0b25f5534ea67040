#pragma once

#include <exception>
#include <mutex>

#include "ferry/plugin/executor.hpp"

namespace ferry::auto_device {

// The executor of an AUTO request's last stage: it runs the stage when the device request the
// first stage started has finished (on the thread that reports it, the device's), so that no
// thread of AUTO's waits for the device. If the device finished before the stage was handed
// over, run() runs it at once.
class DeviceCompletion final : public threading::ITaskExecutor {
 public:
  void run(threading::Task task) override;
  // The device request finished, with `error` or none.
  void complete(std::exception_ptr error);
  // The device's error of the inference that just finished (once).
  std::exception_ptr take_error();

 private:
  std::mutex m_mutex;
  threading::Task m_stage;   // handed over, waiting for the device
  bool m_completed = false;  // the device finished before the stage was handed over
  std::exception_ptr m_error;
};

}  // namespace ferry::auto_device
