#include "worker.hpp"

#include "device.hpp"

namespace ferry::npu::simulator {
namespace {
// The failure of the batch the calling worker thread runs; null outside a worker's batch.
thread_local std::optional<BatchFailure>* running_batch_failure = nullptr;
}  // namespace

void fail_running_batch(ze_result_t result, std::string message) {
  if (!running_batch_failure || *running_batch_failure) return;
  *running_batch_failure = BatchFailure{result, std::move(message)};
}

Worker::Worker() : m_thread([this] { run(); }) {}

Worker::~Worker() {
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    m_stopping = true;
  }
  device().signalled.notify_all();
  m_thread.join();
}

uint64_t Worker::submit(std::vector<std::shared_ptr<const CommandSequence>> batch, bool keep_failure) {
  uint64_t sequence;
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    m_pending.push_back({std::move(batch), keep_failure});
    sequence = ++m_submitted;
  }
  device().signalled.notify_all();
  return sequence;
}

bool Worker::wait(uint64_t sequence, uint64_t timeout_ns) {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  return wait_signalled(lock, timeout_ns, [&] { return m_completed >= sequence; });
}

bool Worker::wait_idle(uint64_t timeout_ns) {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  return wait_signalled(lock, timeout_ns, [&] { return m_completed >= m_submitted; });
}

const BatchFailure* Worker::failure(uint64_t sequence) const {
  const auto found = m_kept_failures.find(sequence);
  return found == m_kept_failures.end() ? nullptr : &found->second;
}

std::optional<BatchFailure> Worker::take_unreported_failure() {
  std::optional<BatchFailure> failure = std::move(m_unreported_failure);
  m_unreported_failure.reset();
  return failure;
}

void Worker::run() {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  for (;;) {
    device().signalled.wait(lock, [&] { return m_stopping || !m_pending.empty(); });
    if (m_stopping) return;
    PendingBatch batch = std::move(m_pending.front());
    m_pending.pop_front();
    lock.unlock();
    std::optional<BatchFailure> failure;
    running_batch_failure = &failure;
    bool finished = true;
    for (const auto& sequence : batch.sequences) {
      for (const Command& command : *sequence) {
        finished = command(m_stopping);
        if (!finished) break;
      }
      if (!finished) break;
    }
    running_batch_failure = nullptr;
    lock.lock();
    if (!finished) return;
    ++m_completed;  // batches run in order: this one is number m_completed
    if (failure) {
      if (batch.keep_failure) m_kept_failures[m_completed] = *failure;
      if (!m_unreported_failure) m_unreported_failure = std::move(failure);
    }
    device().signalled.notify_all();
  }
}

}  // namespace ferry::npu::simulator
