#pragma once

#include <memory>

#include "ferry/plugin/iasync_infer_request.hpp"
#include "sync_infer_request.hpp"

namespace ferry::hetero {

// A HETERO request's asynchronous side: a pipeline of one stage per subgraph, each on that
// subgraph's stage executor (CompiledSubgraph::stage). While one request runs subgraph 1 on its
// device, the next request can already run subgraph 0 on its own: with several requests in
// flight every device is busy at once.
class HeteroAsyncInferRequest final : public IAsyncInferRequest {
 public:
  HeteroAsyncInferRequest(const std::shared_ptr<HeteroSyncInferRequest>& request,
                          const HeteroCompiledModel& compiled_model,
                          const std::shared_ptr<threading::ITaskExecutor>& callback_executor);
  ~HeteroAsyncInferRequest() override;
  // Also cancels the device request running now, so that the inference ends without waiting for
  // its current subgraph where the device can stop early.
  void cancel() override;

 private:
  HeteroSyncInferRequest& m_request;
};

}  // namespace ferry::hetero
