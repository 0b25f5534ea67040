#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "ferry/plugin/executor.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry {

// Drives a sync request through a pipeline of (executor, task) stages, one stage after another,
// each on its own executor. One inference at a time:
// - start_async() while busy, and touching tensors or profiling while busy, throw ferry::Busy.
// - cancel() while busy makes the stages not yet started skip; the inference then ends with
//   ferry::Cancelled (also when its last stage had already run) and the request is idle again.
// - The callback runs exactly once per start_async, on the callback executor (null: the thread
//   that ran the last stage), with the inference's exception or null. The request is already
//   idle then: the callback may read tensors and call start_async() again. It must not call
//   wait() (that throws: the inference is not finished until its callback returns).
// - wait() returns once the latest inference and its callback are done and rethrows the
//   inference's exception (every call, until the next start_async). An exception thrown by the
//   callback is rethrown by the next wait()/wait_for() that finds the request done, once, in
//   place of the inference's; a start_async() made outside the callback discards one unreported.
// - The destructor waits for the inference in flight. Subclasses whose stages use their own
//   members call stop_and_wait() first in their destructor. A request destroyed by its own
//   callback returns without touching itself again.
class IAsyncInferRequest : public IInferRequest {
 public:
  using Callback = std::function<void(std::exception_ptr)>;
  using Stage = std::pair<std::shared_ptr<threading::ITaskExecutor>, threading::Task>;

  // task_executor runs the default single stage (sync->infer()); null runs it inside start_async.
  IAsyncInferRequest(const std::shared_ptr<ISyncInferRequest>& request,
                     const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                     const std::shared_ptr<threading::ITaskExecutor>& callback_executor);
  ~IAsyncInferRequest() override;

  void start_async();
  void wait();
  // True when the inference finished within `timeout` (and rethrows its error); false otherwise.
  bool wait_for(std::chrono::milliseconds timeout);
  // Plugins may override to also abort device work; call the base.
  virtual void cancel();
  void set_callback(Callback callback);

  void infer() override;  // start_async() + wait()
  std::vector<ProfilingInfo> get_profiling_info() const override;
  Tensor get_tensor(const Output<const Node>& port) const override;
  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override;
  std::vector<Tensor> get_tensors(const Output<const Node>& port) const override;
  void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) override;
  const std::vector<Output<const Node>>& get_inputs() const override;
  const std::vector<Output<const Node>>& get_outputs() const override;
  const std::shared_ptr<const ICompiledModel>& get_compiled_model() const override;

 protected:
  // Plugins replace the default single stage ({task_executor, sync->infer()}) to split work,
  // e.g. {host preprocessing executor, ...}, {device executor, enqueue}, {wait executor, sync}.
  // Set it in the constructor; it must not change while an inference runs.
  std::vector<Stage> m_pipeline;
  const std::shared_ptr<ISyncInferRequest>& sync_request() const { return m_sync_request; }
  // Waits until no inference is in flight (the destructor's wait, for subclass destructors).
  void stop_and_wait();

 private:
  enum class State { IDLE, BUSY };
  std::unique_lock<std::mutex> lock_idle(const char* operation) const;
  void run_stage(size_t index);
  void dispatch_finish(std::exception_ptr error);
  void finish(std::exception_ptr error);
  void rethrow_result_locked();

  std::shared_ptr<ISyncInferRequest> m_sync_request;
  std::shared_ptr<threading::ITaskExecutor> m_callback_executor;
  mutable std::mutex m_mutex;
  std::condition_variable m_done;
  State m_state = State::IDLE;
  bool m_cancel_requested = false;
  std::uint64_t m_started = 0;          // runs started so far; the latest run is m_started
  std::uint64_t m_finished = 0;         // the latest run once it finished (callback included)
  int m_in_flight = 0;                  // runs whose pipeline or callback has not returned yet
  std::exception_ptr m_error;           // the latest finished run's error
  std::exception_ptr m_callback_error;  // a callback's exception, not yet reported by wait()
  Callback m_callback;
};

}  // namespace ferry
