#pragma once

#include <memory>

#include "ferry/plugin/iasync_infer_request.hpp"
#include "sync_infer_request.hpp"

namespace ferry::batch {

// A BATCH user request's asynchronous side: two stages and no thread of its own. Stage one, on
// the caller's thread inside start_async, copies set inputs into the slot and submits it (the
// submission that fills the group starts the batched device request). Stage two runs on the
// slot's BatchCompletion, i.e. on the thread that finished the batched (or fallback) inference:
// it copies set outputs out of the slot, then the callback runs.
//
// cancel() takes a request that waits for its group out of it, so it ends Cancelled at once; a
// request whose batch already runs ends Cancelled when the batch ends. Destroying a waiting
// request cancels it likewise instead of waiting for the timeout.
class BatchAsyncInferRequest final : public IAsyncInferRequest {
 public:
  BatchAsyncInferRequest(const std::shared_ptr<BatchSyncInferRequest>& request,
                         const std::shared_ptr<threading::ITaskExecutor>& callback_executor);
  ~BatchAsyncInferRequest() override;

  void cancel() override;

 private:
  BatchSyncInferRequest& m_request;
};

}  // namespace ferry::batch
