#pragma once

#include <memory>
#include <vector>

#include "engine/execution_plan.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::template_plugin {

class CompiledModel;

// Runs one inference on the calling thread (IAsyncInferRequest runs it on a stream thread).
// infer(): checks the bound tensors, joins batches given with set_tensors, then runs the
// compiled model's ExecutionPlan from the input tensors into the output tensors. Remote tensors
// of the model's context are read and written in place (their memory is host memory); nothing
// else is copied or allocated beyond what ExecutionPlan describes, except for a strided output
// tensor (an ROI view), which receives a copy of the result.
class SyncInferRequest final : public ISyncInferRequest {
 public:
  explicit SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

  void infer() override;

 protected:
  // Also refuses remote tensors of another device or another TEMPLATE context.
  void check_tensor(const Output<const Node>& port, const Tensor& tensor) const override;

 private:
  const CompiledModel& compiled_model() const;

  ExecutionPlan::State m_state;
  TensorVector m_inputs, m_outputs;  // the bound tensors as host tensors, reused
};

}  // namespace ferry::template_plugin
