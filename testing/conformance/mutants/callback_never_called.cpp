// Mutant: the user callback is dropped when an inference starts, so it is never called; wait()
// still works. Caught by the InferRequest callback tests.

#include "callback_access.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class ForgettingRequest final : public IAsyncInferRequest {
 public:
  ForgettingRequest(const std::shared_ptr<ISyncInferRequest>& sync,
                    const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                    const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
      : IAsyncInferRequest(sync, task_executor, callback_executor) {
    auto infer = m_pipeline.front().second;
    m_pipeline.front().second = [this, infer] {
      exchange_callback(*this, nullptr);
      infer();
    };
  }
  ~ForgettingRequest() override { stop_and_wait(); }
};

class CallbackNeverCalled final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<ForgettingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::CallbackNeverCalled)
