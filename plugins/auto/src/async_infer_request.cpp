#include "async_infer_request.hpp"

namespace ferry::auto_device {

AutoAsyncInferRequest::AutoAsyncInferRequest(const std::shared_ptr<AutoSyncInferRequest>& request,
                                             const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                                             const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : IAsyncInferRequest(request, task_executor, callback_executor), m_request(*request) {}

// The stage uses m_request: wait for the inference in flight before it goes.
AutoAsyncInferRequest::~AutoAsyncInferRequest() { stop_and_wait(); }

void AutoAsyncInferRequest::cancel() {
  IAsyncInferRequest::cancel();
  m_request.cancel_running();
}

}  // namespace ferry::auto_device
