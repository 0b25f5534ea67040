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

Worker::Worker() : thread_([this] { run(); }) {}

Worker::~Worker() {
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    stopping_ = true;
  }
  device().signalled.notify_all();
  thread_.join();
}

uint64_t Worker::submit(std::vector<std::shared_ptr<const CommandSequence>> batch, bool keep_failure) {
  uint64_t sequence;
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    pending_.push_back({std::move(batch), keep_failure});
    sequence = ++submitted_;
  }
  device().signalled.notify_all();
  return sequence;
}

bool Worker::wait(uint64_t sequence, uint64_t timeout_ns) {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  return wait_signalled(lock, timeout_ns, [&] { return completed_ >= sequence; });
}

bool Worker::wait_idle(uint64_t timeout_ns) {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  return wait_signalled(lock, timeout_ns, [&] { return completed_ >= submitted_; });
}

const BatchFailure* Worker::failure(uint64_t sequence) const {
  const auto found = kept_failures_.find(sequence);
  return found == kept_failures_.end() ? nullptr : &found->second;
}

std::optional<BatchFailure> Worker::take_unreported_failure() {
  std::optional<BatchFailure> failure = std::move(unreported_failure_);
  unreported_failure_.reset();
  return failure;
}

void Worker::run() {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  for (;;) {
    device().signalled.wait(lock, [&] { return stopping_ || !pending_.empty(); });
    if (stopping_) return;
    PendingBatch batch = std::move(pending_.front());
    pending_.pop_front();
    lock.unlock();
    std::optional<BatchFailure> failure;
    running_batch_failure = &failure;
    bool finished = true;
    for (const auto& sequence : batch.sequences) {
      for (const Command& command : *sequence) {
        finished = command(stopping_);
        if (!finished) break;
      }
      if (!finished) break;
    }
    running_batch_failure = nullptr;
    lock.lock();
    if (!finished) return;
    ++completed_;  // batches run in order: this one is number completed_
    if (failure) {
      if (batch.keep_failure) kept_failures_[completed_] = *failure;
      if (!unreported_failure_) unreported_failure_ = std::move(failure);
    }
    device().signalled.notify_all();
  }
}

}  // namespace ferry::npu::simulator
