#include "device_completion.hpp"

#include <utility>

namespace ferry::auto_device {

void DeviceCompletion::run(threading::Task task) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_completed) {
      m_stage = std::move(task);
      return;
    }
    m_completed = false;
  }
  task();
}

void DeviceCompletion::complete(std::exception_ptr error) {
  threading::Task stage;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_error = std::move(error);
    if (!m_stage) {
      m_completed = true;
      return;
    }
    stage = std::move(m_stage);
    m_stage = nullptr;
  }
  stage();
}

std::exception_ptr DeviceCompletion::take_error() {
  std::lock_guard<std::mutex> lock(m_mutex);
  return std::exchange(m_error, nullptr);
}

}  // namespace ferry::auto_device
