#pragma once

// The asynchronous request of a model compiled in a context that shares the application's queue
// (the Remote Tensor API page's queue sharing): start_async() enqueues the whole inference into
// that queue on the calling thread and returns; a second stage, on the model's stream, waits for
// the inference's marker and finishes the request (strided outputs, profiling, callback). The
// application orders its own kernels around the inference with barriers on its queue, without
// waiting. Host steps (host_rule.hpp) are the exception: enqueuing them waits for the queue.

#include <memory>

#include "ferry/plugin/iasync_infer_request.hpp"
#include "sync_infer_request.hpp"

namespace ferry::gpu {

class SharedQueueInferRequest final : public IAsyncInferRequest {
 public:
  SharedQueueInferRequest(const std::shared_ptr<SyncInferRequest>& request,
                          const std::shared_ptr<threading::ITaskExecutor>& wait_executor,
                          const std::shared_ptr<threading::ITaskExecutor>& callback_executor);
  ~SharedQueueInferRequest() override { stop_and_wait(); }
};

}  // namespace ferry::gpu
