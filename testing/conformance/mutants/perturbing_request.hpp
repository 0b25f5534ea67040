#pragma once

// An async request that, after each inference, adds 0.5 to the first element of every f32 host
// output: wrong values from an inference that reports success.

#include "ferry/base/element_type.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::conformance::mutants {

class PerturbingRequest final : public IAsyncInferRequest {
 public:
  PerturbingRequest(const std::shared_ptr<ISyncInferRequest>& sync,
                    const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                    const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
      : IAsyncInferRequest(sync, task_executor, callback_executor) {
    auto infer = m_pipeline.front().second;
    m_pipeline.front().second = [this, infer] {
      infer();
      perturb_outputs();
    };
  }
  ~PerturbingRequest() override { stop_and_wait(); }

 private:
  void perturb_outputs() {
    for (const auto& port : sync_request()->get_outputs()) {
      const Tensor output = sync_request()->get_tensor(port);
      if (!output || output.get_element_type() != element::f32 || output.get_size() == 0) continue;
      try {
        output.data<float>()[0] += 0.5f;
      } catch (const std::exception&) {
        // a remote output: no host address, left right
      }
    }
  }
};

}  // namespace ferry::conformance::mutants
