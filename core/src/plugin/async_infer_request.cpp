#include "ferry/plugin/iasync_infer_request.hpp"

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

// The callbacks the calling thread is inside of, innermost first. It lets wait() refuse to wait
// for its own end, start_async() tell a restart from the callback, and the destructor tell it is
// run by the callback (then the callback's caller must not touch the request again).
struct CallbackFrame {
  const IAsyncInferRequest* request;
  bool request_destroyed;
  CallbackFrame* outer;
};
thread_local CallbackFrame* t_callback_frames = nullptr;

bool inside_callback_of(const IAsyncInferRequest* request) {
  for (auto* frame = t_callback_frames; frame; frame = frame->outer) {
    if (frame->request == request) return true;
  }
  return false;
}

}  // namespace

IAsyncInferRequest::IAsyncInferRequest(const std::shared_ptr<ISyncInferRequest>& request,
                                       const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                                       const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : m_sync_request(request), m_callback_executor(callback_executor) {
  FERRY_ASSERT(m_sync_request, "IAsyncInferRequest: the sync infer request is null");
  auto executor = task_executor ? task_executor : std::make_shared<threading::ImmediateExecutor>();
  m_pipeline.emplace_back(std::move(executor), [this] { m_sync_request->infer(); });
}

IAsyncInferRequest::~IAsyncInferRequest() { stop_and_wait(); }

void IAsyncInferRequest::stop_and_wait() {
  // Runs whose callback is destroying this request cannot finish before we return: don't wait for
  // them, and tell them not to touch the request afterwards.
  int own_runs = 0;
  for (auto* frame = t_callback_frames; frame; frame = frame->outer) {
    if (frame->request == this) {
      frame->request_destroyed = true;
      ++own_runs;
    }
  }
  std::unique_lock<std::mutex> lock(m_mutex);
  m_done.wait(lock, [&] { return m_in_flight <= own_runs; });
}

std::unique_lock<std::mutex> IAsyncInferRequest::lock_idle(const char* operation) const {
  std::unique_lock<std::mutex> lock(m_mutex);
  if (m_state == State::BUSY) {
    throw Busy(std::string("infer request is busy: ") + operation + "() is not allowed while an inference runs");
  }
  return lock;
}

void IAsyncInferRequest::start_async() {
  {
    auto lock = lock_idle("start_async");
    m_state = State::BUSY;
    m_cancel_requested = false;
    ++m_started;
    ++m_in_flight;
    m_error = nullptr;
    // A restart from the callback keeps the callback's coming exception for the next wait().
    if (!inside_callback_of(this)) m_callback_error = nullptr;
  }
  if (m_pipeline.empty()) {
    dispatch_finish(nullptr);
    return;
  }
  // Nothing below may touch members after the stage is handed over: with immediate executors
  // the whole inference, callback included, runs inside run() and may destroy this request.
  auto executor = m_pipeline.front().first;
  try {
    executor->run([this] { run_stage(0); });
  } catch (...) {
    dispatch_finish(std::current_exception());
  }
}

void IAsyncInferRequest::run_stage(size_t index) {
  bool cancelled;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    cancelled = m_cancel_requested;
  }
  std::exception_ptr error;
  if (!cancelled) {
    try {
      m_pipeline[index].second();
    } catch (...) {
      error = std::current_exception();
    }
  }
  const size_t next = index + 1;
  if (cancelled || error || next >= m_pipeline.size()) {
    dispatch_finish(std::move(error));
    return;
  }
  auto executor = m_pipeline[next].first;  // a copy: it must outlive run() (see start_async)
  try {
    executor->run([this, next] { run_stage(next); });
  } catch (...) {
    dispatch_finish(std::current_exception());
  }
}

// The error moves along, never copied: once an inference is reported finished, no pipeline thread
// holds a reference to its exception (the waiting thread may be reading or releasing it).
void IAsyncInferRequest::dispatch_finish(std::exception_ptr error) {
  auto executor = m_callback_executor;
  if (!executor) {
    finish(std::move(error));
    return;
  }
  try {
    executor->run([this, error = std::move(error)]() mutable { finish(std::move(error)); });
  } catch (...) {
    finish(std::current_exception());  // the callback executor refused: report why
  }
}

void IAsyncInferRequest::finish(std::exception_ptr error) {
  Callback callback;
  std::uint64_t run;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    // A cancel() that arrived while the inference ran wins over its success.
    if (!error && m_cancel_requested) error = std::make_exception_ptr(Cancelled("infer request was cancelled"));
    m_state = State::IDLE;  // before the callback: it may start the request again
    m_cancel_requested = false;
    run = m_started;
    callback = m_callback;  // a copy: the callback may call set_callback
  }

  CallbackFrame frame{this, false, t_callback_frames};
  t_callback_frames = &frame;
  std::exception_ptr callback_error;
  if (callback) {
    try {
      callback(error);
    } catch (...) {
      callback_error = std::current_exception();
    }
  }
  t_callback_frames = frame.outer;
  if (frame.request_destroyed) return;  // the callback destroyed this request
  callback = nullptr;                   // release what it captured before wait() returns

  std::lock_guard<std::mutex> lock(m_mutex);
  if (m_started == run) {  // not restarted meanwhile: this run's result is the one wait() reports
    m_finished = run;
    m_error = std::move(error);
  } else {
    error = nullptr;
  }
  if (callback_error) m_callback_error = std::move(callback_error);
  --m_in_flight;
  m_done.notify_all();  // under the lock: a waiting destructor may free m_done once it wakes
}

void IAsyncInferRequest::rethrow_result_locked() {
  if (m_callback_error) {
    auto error = std::move(m_callback_error);
    m_callback_error = nullptr;
    std::rethrow_exception(error);
  }
  if (m_error) std::rethrow_exception(m_error);
}

void IAsyncInferRequest::wait() {
  std::unique_lock<std::mutex> lock(m_mutex);
  FERRY_ASSERT(!inside_callback_of(this),
               "IAsyncInferRequest: wait() called from the request's own callback (the inference ends "
               "only when its callback returns)");
  m_done.wait(lock, [&] { return m_finished == m_started; });
  rethrow_result_locked();
}

bool IAsyncInferRequest::wait_for(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(m_mutex);
  FERRY_ASSERT(!inside_callback_of(this),
               "IAsyncInferRequest: wait_for() called from the request's own callback (the inference "
               "ends only when its callback returns)");
  if (!m_done.wait_for(lock, timeout, [&] { return m_finished == m_started; })) return false;
  rethrow_result_locked();
  return true;
}

void IAsyncInferRequest::cancel() {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (m_state == State::BUSY) m_cancel_requested = true;
}

void IAsyncInferRequest::set_callback(Callback callback) {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_callback = std::move(callback);
}

void IAsyncInferRequest::infer() {
  start_async();
  wait();
}

std::vector<ProfilingInfo> IAsyncInferRequest::get_profiling_info() const {
  auto lock = lock_idle("get_profiling_info");
  return m_sync_request->get_profiling_info();
}

Tensor IAsyncInferRequest::get_tensor(const Output<const Node>& port) const {
  auto lock = lock_idle("get_tensor");
  return m_sync_request->get_tensor(port);
}

void IAsyncInferRequest::set_tensor(const Output<const Node>& port, const Tensor& tensor) {
  auto lock = lock_idle("set_tensor");
  m_sync_request->set_tensor(port, tensor);
}

std::vector<Tensor> IAsyncInferRequest::get_tensors(const Output<const Node>& port) const {
  auto lock = lock_idle("get_tensors");
  return m_sync_request->get_tensors(port);
}

void IAsyncInferRequest::set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) {
  auto lock = lock_idle("set_tensors");
  m_sync_request->set_tensors(port, tensors);
}

const std::vector<Output<const Node>>& IAsyncInferRequest::get_inputs() const { return m_sync_request->get_inputs(); }

const std::vector<Output<const Node>>& IAsyncInferRequest::get_outputs() const { return m_sync_request->get_outputs(); }

const std::shared_ptr<const ICompiledModel>& IAsyncInferRequest::get_compiled_model() const {
  return m_sync_request->get_compiled_model();
}

}  // namespace ferry
