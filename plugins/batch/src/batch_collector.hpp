#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "batch_completion.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/so_ptr.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::batch {

// One user request's place in a batch: item `index` of its group's batched tensors. The views
// are the user request's own tensors (no copy unless the user sets other tensors).
struct BatchSlot {
  enum class State { FREE, IDLE, READY, RUNNING };
  enum class Ran { NOTHING, BATCHED, ALONE };

  size_t group = 0;
  size_t index = 0;
  std::vector<Tensor> input_views;     // [1, ...] views of the group's batched inputs
  std::vector<Tensor> output_views;    // [1, ...] views of the group's batched outputs
  SoPtr<IAsyncInferRequest> fallback;  // batch-1 request on the same views, for timeouts
  std::shared_ptr<BatchCompletion> completion = std::make_shared<BatchCompletion>();

  // Guarded by the collector's mutex.
  State state = State::FREE;
  Ran last_ran = Ran::NOTHING;
  std::chrono::steady_clock::time_point ready_since;
};

// Collects the user requests of one BATCH compiled model into groups of N slots. A group runs
// its one batched device request when all N slots are submitted; a timer thread runs the slots
// of a group that has not filled within the timeout one by one on the batch-1 compiled model.
// Thread-safe. Completions (and so user callbacks) run on the thread that finished the device
// request.
class BatchCollector {
 public:
  // `device` ("BATCH:GPU(4)") names the errors the requests report.
  // The device requests it makes keep the device's library (the compiled models' `_so`).
  BatchCollector(std::string device, SoPtr<ICompiledModel> batched, SoPtr<ICompiledModel> single, size_t batch,
                 uint32_t timeout_ms);
  ~BatchCollector();  // stops the timer; every slot has been released by then
  BatchCollector(const BatchCollector&) = delete;
  BatchCollector& operator=(const BatchCollector&) = delete;

  // A free slot (of a new group when all are taken). Its views and fallback request are bound.
  BatchSlot& take_slot();
  // The slot's user request is gone; the slot must be idle.
  void release_slot(BatchSlot& slot);
  // The slot's inputs are in its views: run it with its group, or alone after the timeout.
  // slot.completion completes when its outputs are in its views.
  void submit(BatchSlot& slot);
  // Takes a submitted slot that still waits for its group out of it: its completion comes at
  // once, with ferry::Cancelled. Nothing happens to a slot that is not waiting.
  void withdraw(BatchSlot& slot);
  // Runs the slot alone, now, on the calling thread (ISyncInferRequest::infer without batching).
  void infer_alone(BatchSlot& slot);
  std::vector<ProfilingInfo> profiling_info(const BatchSlot& slot) const;

  void set_timeout(uint32_t timeout_ms);
  uint32_t get_timeout() const;
  size_t batch() const { return m_batch; }
  uint64_t batched_inferences() const;
  uint64_t fallback_inferences() const;

 private:
  struct Group {
    SoPtr<IAsyncInferRequest> batched;
    std::vector<std::unique_ptr<BatchSlot>> slots;
  };
  std::unique_ptr<Group> make_group(size_t index);
  void launch_batch(Group& group);
  void finish_batch(Group& group, std::exception_ptr error);
  void launch_alone(BatchSlot& slot);
  void finish_alone(BatchSlot& slot, std::exception_ptr error);
  void run_timer();

  const std::string m_device;
  SoPtr<ICompiledModel> m_batched;
  SoPtr<ICompiledModel> m_single;
  const size_t m_batch;

  mutable std::mutex m_mutex;
  std::condition_variable m_wake;  // a slot submitted, the timeout changed, or stopping
  std::vector<std::unique_ptr<Group>> m_groups;
  std::chrono::milliseconds m_timeout;
  uint64_t m_batched_inferences = 0;
  uint64_t m_fallback_inferences = 0;
  bool m_stopping = false;
  std::thread m_timer;  // last: started once everything above exists
};

}  // namespace ferry::batch
