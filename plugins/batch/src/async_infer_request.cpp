#include "async_infer_request.hpp"

namespace ferry::batch {

BatchAsyncInferRequest::BatchAsyncInferRequest(const std::shared_ptr<BatchSyncInferRequest>& request,
                                               const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : IAsyncInferRequest(request, nullptr, callback_executor), m_request(*request) {
  m_pipeline.clear();
  m_pipeline.emplace_back(std::make_shared<threading::ImmediateExecutor>(), [this] {
    m_request.prepare_inputs();
    m_request.submit();
  });
  m_pipeline.emplace_back(m_request.completion(), [this] { m_request.finish(); });
}

// The stages use m_request: wait for the inference in flight before it goes.
BatchAsyncInferRequest::~BatchAsyncInferRequest() {
  m_request.withdraw();
  stop_and_wait();
}

void BatchAsyncInferRequest::cancel() {
  IAsyncInferRequest::cancel();
  m_request.withdraw();
}

}  // namespace ferry::batch
