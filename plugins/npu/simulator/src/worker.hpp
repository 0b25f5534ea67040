#pragma once

#include <level_zero/ze_api.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ferry::npu::simulator {

// One step of device work. Returns false when it gave up because the worker is stopping (a
// wait on an event that its queue's destruction interrupted). `stopping` is read under
// device().signal_mutex.
using Command = std::function<bool(const bool& stopping)>;
using CommandSequence = std::vector<Command>;

// Why a batch failed: the first command of it that failed (fail_running_batch).
struct BatchFailure {
  ze_result_t result = ZE_RESULT_SUCCESS;
  std::string message;
};

// Called by a command while a worker runs it: marks the batch it belongs to as failed with
// `result` and `message` (the first failure of a batch is the one reported). The rest of the
// batch still runs, so that the events it signals release their waiters.
void fail_running_batch(ze_result_t result, std::string message);

// An in-order engine of the device: one thread that runs the submitted batches of commands in
// submission order. Progress (submitted, completed) and the failures of batches are guarded by
// device().signal_mutex. A failure belongs to its batch only: later batches run normally.
class Worker {
 public:
  Worker();
  // Stops the thread; batches not yet run are dropped.
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Queues the command sequences (run one after the other) and returns the batch's number.
  // With `keep_failure`, a failure of the batch is kept for failure(sequence) until
  // forget_failure(sequence) (a fence or a synchronous caller reads it).
  uint64_t submit(std::vector<std::shared_ptr<const CommandSequence>> batch, bool keep_failure = false);
  // Waits until batch `sequence` (and all before it) has run, at most `timeout_ns`
  // (UINT64_MAX: forever, 0: only look). False when it has not.
  bool wait(uint64_t sequence, uint64_t timeout_ns);
  // Waits until every submitted batch has run.
  bool wait_idle(uint64_t timeout_ns);
  // Whether batch `sequence` has run; the caller holds device().signal_mutex.
  bool has_completed(uint64_t sequence) const { return m_completed >= sequence; }

  // The rest take device().signal_mutex from the caller.
  // How kept batch `sequence` failed; null when it succeeded (or has not run yet).
  const BatchFailure* failure(uint64_t sequence) const;
  void forget_failure(uint64_t sequence) { m_kept_failures.erase(sequence); }
  // The first failure of any batch since the previous call, and forgets it.
  std::optional<BatchFailure> take_unreported_failure();

 private:
  struct PendingBatch {
    std::vector<std::shared_ptr<const CommandSequence>> sequences;
    bool keep_failure = false;
  };

  void run();

  std::deque<PendingBatch> m_pending;
  uint64_t m_submitted = 0;
  uint64_t m_completed = 0;
  bool m_stopping = false;
  // Failures of batches submitted with keep_failure, by batch number: bounded by the callers,
  // who forget each one (a fence holds at most one batch at a time).
  std::map<uint64_t, BatchFailure> m_kept_failures;
  std::optional<BatchFailure> m_unreported_failure;
  std::thread m_thread;
};

}  // namespace ferry::npu::simulator
