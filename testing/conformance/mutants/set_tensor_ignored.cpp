// Mutant: set_tensor on an input checks the tensor (wrong ones are still refused) but keeps the
// tensor bound before, so inferences read stale input. Caught by the InferRequest tests that
// check which tensor is bound and what the outputs are.

#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class IgnoringRequest final : public IAsyncInferRequest {
 public:
  using IAsyncInferRequest::IAsyncInferRequest;
  ~IgnoringRequest() override { stop_and_wait(); }

  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override {
    if (!sync_request()->find_port(port).is_input()) return IAsyncInferRequest::set_tensor(port, tensor);
    const Tensor kept = IAsyncInferRequest::get_tensor(port);
    IAsyncInferRequest::set_tensor(port, tensor);  // validates (throws for a wrong tensor)
    IAsyncInferRequest::set_tensor(port, kept);
  }
};

class SetTensorIgnored final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<IgnoringRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::SetTensorIgnored)
