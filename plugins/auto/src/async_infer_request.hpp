#pragma once

#include <memory>

#include "ferry/plugin/iasync_infer_request.hpp"
#include "sync_infer_request.hpp"

namespace ferry::auto_device {

// An AUTO request's asynchronous side: one stage on AUTO's request threads, which hands the
// inference to a device request and waits for it (the device runs it on its own executors).
class AutoAsyncInferRequest final : public IAsyncInferRequest {
 public:
  AutoAsyncInferRequest(const std::shared_ptr<AutoSyncInferRequest>& request,
                        const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                        const std::shared_ptr<threading::ITaskExecutor>& callback_executor);
  ~AutoAsyncInferRequest() override;
  // Also cancels the device request running now, so the inference ends without waiting for it
  // where the device can stop early.
  void cancel() override;

 private:
  AutoSyncInferRequest& m_request;
};

}  // namespace ferry::auto_device
