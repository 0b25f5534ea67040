#pragma once

#include <memory>
#include <vector>

#include "batch_collector.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::batch {

// A BATCH user request: the ports of the user's batch-1 model, bound to its slot's views of the
// group's batched tensors, so that filling get_tensor()'s input and reading get_tensor()'s output
// copy nothing. A tensor the user sets instead is copied into the slot at start (inputs) or out
// of it at the end (outputs).
class BatchSyncInferRequest final : public ISyncInferRequest {
 public:
  BatchSyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model,
                        std::shared_ptr<BatchCollector> collector);
  ~BatchSyncInferRequest() override;

  // Runs this request alone at batch 1, now (no waiting for a group).
  void infer() override;
  // The profile of the device request that ran this request's latest inference: its group's
  // batched one (profiling the whole batch) or its batch-1 fallback.
  std::vector<ProfilingInfo> get_profiling_info() const override;

  // The asynchronous path, in order: prepare_inputs, submit, then (once the slot's completion
  // comes) finish.
  void prepare_inputs();
  void submit();
  void finish();
  // Cancels the submitted request if it still waits for its group (BatchCollector::withdraw).
  void withdraw();
  const std::shared_ptr<BatchCompletion>& completion() const { return m_slot.completion; }

 private:
  void publish_outputs();

  std::shared_ptr<BatchCollector> m_collector;
  BatchSlot& m_slot;
};

}  // namespace ferry::batch
