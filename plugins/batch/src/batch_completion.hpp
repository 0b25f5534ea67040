#pragma once

#include <exception>
#include <mutex>

#include "ferry/plugin/executor.hpp"

namespace ferry::batch {

// The last pipeline stage of a BATCH user request waits for its slot's inference (the group's
// batched one or its own fallback) without holding a thread: this executor keeps the stage's
// task and runs it when complete() comes, on the completing thread, or at once when complete()
// came first. One run per reset().
class BatchCompletion final : public threading::ITaskExecutor {
 public:
  // Before the slot is submitted: forget the previous run.
  void reset();
  // The slot's inference finished, with `error` or null. Runs the kept task, if any.
  void complete(std::exception_ptr error);
  void run(threading::Task task) override;
  // The finished run's error, handed over once (the stage rethrows it).
  std::exception_ptr take_error();

 private:
  std::mutex m_mutex;
  bool m_done = false;
  threading::Task m_pending;
  std::exception_ptr m_error;
};

}  // namespace ferry::batch
