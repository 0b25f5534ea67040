#include "shared_queue_infer_request.hpp"

namespace ferry::gpu {

SharedQueueInferRequest::SharedQueueInferRequest(const std::shared_ptr<SyncInferRequest>& request,
                                                 const std::shared_ptr<threading::ITaskExecutor>& wait_executor,
                                                 const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : IAsyncInferRequest(request, wait_executor, callback_executor) {
  m_pipeline = {{std::make_shared<threading::ImmediateExecutor>(), [request] { request->enqueue(); }},
                {wait_executor, [request] { request->wait_for_device(); }}};
}

}  // namespace ferry::gpu
