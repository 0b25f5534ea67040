// Mutant: once cancel() was called, the inference never ends, so wait() never returns (a lost
// completion). Caught, as timed out, by InferRequest.CancelEndsOrLetsFinishAndTheRequestStaysUsable.

#include <atomic>
#include <chrono>
#include <thread>

#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class HangingRequest final : public IAsyncInferRequest {
 public:
  HangingRequest(const std::shared_ptr<ISyncInferRequest>& sync,
                 const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                 const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
      : IAsyncInferRequest(sync, task_executor, callback_executor) {
    auto infer = m_pipeline.front().second;
    m_pipeline.front().second = [this, infer] {
      infer();
      while (m_cancelled.load()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    };
  }
  // Not the base's cancel: the stage above is what cancel() reaches.
  void cancel() override { m_cancelled = true; }

 private:
  std::atomic<bool> m_cancelled{false};
};

class HangInWait final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<HangingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::HangInWait)
