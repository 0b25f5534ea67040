#include "async_infer_request.hpp"

namespace ferry::auto_device {

AutoAsyncInferRequest::AutoAsyncInferRequest(const std::shared_ptr<AutoSyncInferRequest>& request,
                                             const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : IAsyncInferRequest(request, nullptr, callback_executor),
      m_request(*request),
      m_completion(std::make_shared<DeviceCompletion>()) {
  m_pipeline.clear();
  m_pipeline.emplace_back(std::make_shared<threading::ImmediateExecutor>(),
                          [this] { m_request.start_on_device(*m_completion); });
  m_pipeline.emplace_back(m_completion, [this] { m_request.finish_on_device(m_completion->take_error()); });
}

// The stages use m_request: wait for the inference in flight before it goes.
AutoAsyncInferRequest::~AutoAsyncInferRequest() { stop_and_wait(); }

void AutoAsyncInferRequest::cancel() {
  IAsyncInferRequest::cancel();
  m_request.cancel_running();
}

}  // namespace ferry::auto_device
