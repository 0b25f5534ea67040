// Mutant: the user callback is called once more, from the inference stage, before the request
// calls it itself: twice per start_async. Caught by InferRequest.CallbackIsCalledExactlyOncePerStart.

#include "callback_access.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class DoubleCallingRequest final : public IAsyncInferRequest {
 public:
  DoubleCallingRequest(const std::shared_ptr<ISyncInferRequest>& sync,
                       const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                       const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
      : IAsyncInferRequest(sync, task_executor, callback_executor) {
    auto infer = m_pipeline.front().second;
    m_pipeline.front().second = [this, infer] {
      try {
        infer();
      } catch (...) {
        call_callback(std::current_exception());
        throw;
      }
      call_callback(nullptr);
    };
  }
  ~DoubleCallingRequest() override { stop_and_wait(); }

 private:
  void call_callback(std::exception_ptr error) {
    if (auto callback = callback_of(*this)) {
      try {
        callback(error);
      } catch (...) {
      }
    }
  }
};

class CallbackCalledTwice final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<DoubleCallingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::CallbackCalledTwice)
