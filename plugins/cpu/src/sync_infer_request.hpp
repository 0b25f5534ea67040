#pragma once

#include <memory>
#include <vector>

#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::cpu_plugin {

class CompiledModel;

// Runs one inference on the calling thread (IAsyncInferRequest runs it on a stream thread).
// infer(): checks the bound tensors, joins batches given with set_tensors, picks the compiled
// graph of the inputs' shapes (GraphCache) and runs it from the input tensors into the output
// tensors, in place. Copies, counted in CPU_COPIED_BYTES: an input that is not dense (an ROI
// view) into a buffer of the request, a result into an output that is not dense, and what the
// engine copies itself.
class SyncInferRequest final : public ISyncInferRequest {
 public:
  explicit SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

  void infer() override;

 private:
  const CompiledModel& compiled_model() const;

  TensorVector m_inputs, m_outputs;  // what the graph reads and writes, reused
  TensorVector m_dense_inputs;       // per input: the dense copy of a strided tensor, reused
  TensorVector m_dense_outputs;      // per output: the dense result for a strided tensor, reused
  std::vector<Shape> m_shapes;       // the inputs' shapes, reused
  std::vector<void*> m_arguments;    // the engine's argument list, reused
};

}  // namespace ferry::cpu_plugin
