#pragma once

#include <memory>

#include "device_completion.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "sync_infer_request.hpp"

namespace ferry::auto_device {

// An AUTO request's asynchronous side, with no thread of its own: stage 1, on the calling thread,
// binds the tensors and starts the device's request; stage 2 runs when the device reports the end
// (DeviceCompletion, on the device's thread): it takes dynamic outputs back, or, when the device
// failed and runtime fallback is on, runs the inference on the next devices there. So an
// inference through AUTO crosses as many threads as one on its device alone (a thread of AUTO's
// in between cost 5 ms of a 16-core host's first inference while oneDNN's OpenMP threads spun:
// docs/PERFORMANCE.md).
class AutoAsyncInferRequest final : public IAsyncInferRequest {
 public:
  AutoAsyncInferRequest(const std::shared_ptr<AutoSyncInferRequest>& request,
                        const std::shared_ptr<threading::ITaskExecutor>& callback_executor);
  ~AutoAsyncInferRequest() override;
  // Also cancels the device request running now, so the inference ends without waiting for it
  // where the device can stop early.
  void cancel() override;

 private:
  AutoSyncInferRequest& m_request;
  std::shared_ptr<DeviceCompletion> m_completion;
};

}  // namespace ferry::auto_device
