// Mutant: cancel() aborts the process. Caught, as crashed, by
// InferRequest.CancelEndsOrLetsFinishAndTheRequestStaysUsable.

#include <cstdlib>

#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class AbortingRequest final : public IAsyncInferRequest {
 public:
  using IAsyncInferRequest::IAsyncInferRequest;
  ~AbortingRequest() override { stop_and_wait(); }
  void cancel() override { std::abort(); }
};

class CrashOnCancel final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<AbortingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::CrashOnCancel)
