#include "batch_completion.hpp"

#include <utility>

namespace ferry::batch {

void BatchCompletion::reset() {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_done = false;
  m_pending = nullptr;
  m_error = nullptr;
}

void BatchCompletion::complete(std::exception_ptr error) {
  threading::Task task;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_done = true;
    m_error = std::move(error);
    task = std::move(m_pending);
    m_pending = nullptr;
  }
  // Outside the lock: the task finishes the user request, whose callback may start it again.
  if (task) task();
}

void BatchCompletion::run(threading::Task task) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_done) {
      m_pending = std::move(task);
      return;
    }
  }
  task();
}

std::exception_ptr BatchCompletion::take_error() {
  std::lock_guard<std::mutex> lock(m_mutex);
  return std::exchange(m_error, nullptr);
}

}  // namespace ferry::batch
