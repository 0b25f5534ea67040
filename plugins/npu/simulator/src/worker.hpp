#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace ferry::npu::simulator {

// One step of device work. Returns false when it gave up because the worker is stopping (a
// wait on an event that its queue's destruction interrupted). `stopping` is read under
// device().signal_mutex.
using Command = std::function<bool(const bool& stopping)>;
using CommandSequence = std::vector<Command>;

// An in-order engine of the device: one thread that runs the submitted batches of commands in
// submission order. Progress (submitted, completed) is guarded by device().signal_mutex.
class Worker {
 public:
  Worker();
  // Stops the thread; batches not yet run are dropped.
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Queues the command sequences (run one after the other) and returns the batch's number.
  uint64_t submit(std::vector<std::shared_ptr<const CommandSequence>> batch);
  // Waits until batch `sequence` (and all before it) has run, at most `timeout_ns`
  // (UINT64_MAX: forever, 0: only look). False when it has not.
  bool wait(uint64_t sequence, uint64_t timeout_ns);
  // Waits until every submitted batch has run.
  bool wait_idle(uint64_t timeout_ns);
  // Whether batch `sequence` has run; the caller holds device().signal_mutex.
  bool has_completed(uint64_t sequence) const { return completed_ >= sequence; }

 private:
  void run();

  std::deque<std::vector<std::shared_ptr<const CommandSequence>>> pending_;
  uint64_t submitted_ = 0;
  uint64_t completed_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ferry::npu::simulator
