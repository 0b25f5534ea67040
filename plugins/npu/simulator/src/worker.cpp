#include "worker.hpp"

#include "device.hpp"

namespace ferry::npu::simulator {

Worker::Worker() : thread_([this] { run(); }) {}

Worker::~Worker() {
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    stopping_ = true;
  }
  device().signalled.notify_all();
  thread_.join();
}

uint64_t Worker::submit(std::vector<std::shared_ptr<const CommandSequence>> batch) {
  uint64_t sequence;
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    pending_.push_back(std::move(batch));
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

void Worker::run() {
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  for (;;) {
    device().signalled.wait(lock, [&] { return stopping_ || !pending_.empty(); });
    if (stopping_) return;
    auto batch = std::move(pending_.front());
    pending_.pop_front();
    lock.unlock();
    bool finished = true;
    for (const auto& sequence : batch) {
      for (const Command& command : *sequence) {
        finished = command(stopping_);
        if (!finished) break;
      }
      if (!finished) break;
    }
    lock.lock();
    if (!finished) return;
    ++completed_;
    device().signalled.notify_all();
  }
}

}  // namespace ferry::npu::simulator
