#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "compiled_model.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::hetero {

// A HETERO request: one request of each subgraph's device, bound to each other. A subgraph's
// input is the tensor of the model input or of the earlier subgraph's output it reads, handed
// over as it is: the consuming device copies it only if it must (a host tensor into GPU memory),
// and counts that copy as it counts any input's. The model's inputs and outputs start as the
// devices' own tensors, so filling get_tensor()'s input copies nothing either.
//
// Concurrency: run_subgraph(i) touches subgraph i's request and reads the outputs of the
// subgraphs before it, which have finished; the async request runs the stages in order.
class HeteroSyncInferRequest final : public ISyncInferRequest {
 public:
  explicit HeteroSyncInferRequest(const std::shared_ptr<const HeteroCompiledModel>& compiled_model);

  // Every subgraph in order, on the calling thread.
  void infer() override;
  // One stage of the pipeline (HeteroAsyncInferRequest): binds subgraph `index`'s inputs (and the
  // model outputs it produces) and runs it on its device. Stage 0 first checks the tensors.
  void run_subgraph(size_t index);
  // Also marks an output the caller set: the device writes into it from then on.
  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override;
  // Cancels the device request that runs now, if any (the stages not started are skipped).
  void cancel_running();
  // Each subgraph's records in order, their exec type prefixed with the device ("CPU:onednn").
  std::vector<ProfilingInfo> get_profiling_info() const override;

 private:
  // Each value one subgraph hands to another gets one host tensor, from the reading device's
  // context (pinned memory it reads fastest) or else the writing device's: the writer writes
  // into it and the reader reads it, and nothing copies it in between. Values of dynamic shape
  // stay the writer's own output tensors, handed over at each inference.
  void share_values_between_subgraphs();
  // Sets `tensor` on input `input` of subgraph `index`'s request unless it is bound already.
  void bind_input(size_t index, size_t input, const Tensor& tensor);

  const HeteroCompiledModel& m_compiled;
  std::vector<SoPtr<IAsyncInferRequest>> m_requests;  // one per subgraph
  std::vector<std::vector<Tensor>> m_bound_inputs;    // per subgraph, per input port: what it reads
  std::vector<std::vector<bool>> m_fixed_inputs;      // per subgraph, per input port: bound for good
  std::vector<std::vector<size_t>> m_outputs_of;      // per subgraph: the model outputs it produces
  std::vector<bool> m_output_set;                     // per model output: a tensor the caller set
  std::atomic<IAsyncInferRequest*> m_running{nullptr};
};

}  // namespace ferry::hetero
