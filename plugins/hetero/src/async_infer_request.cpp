#include "async_infer_request.hpp"

namespace ferry::hetero {

HeteroAsyncInferRequest::HeteroAsyncInferRequest(const std::shared_ptr<HeteroSyncInferRequest>& request,
                                                 const HeteroCompiledModel& compiled_model,
                                                 const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : IAsyncInferRequest(request, nullptr, callback_executor), m_request(*request) {
  m_pipeline.clear();
  const auto& subgraphs = compiled_model.subgraphs();
  for (size_t s = 0; s < subgraphs.size(); ++s)
    m_pipeline.emplace_back(subgraphs[s].stage, [this, s] { m_request.run_subgraph(s); });
}

// The stages use m_request: wait for the inference in flight before it goes.
HeteroAsyncInferRequest::~HeteroAsyncInferRequest() { stop_and_wait(); }

void HeteroAsyncInferRequest::cancel() {
  IAsyncInferRequest::cancel();
  m_request.cancel_running();
}

}  // namespace ferry::hetero
