// Mutant: remote tensors set on a request are not used in place: each inference copies remote
// inputs into host buffers and the host results back into remote outputs (copying_request.hpp).
// Results are right, but the device's copy counter (TEMPLATE_COPIED_BYTES) grows. Caught by
// Remote.InferenceOnRemoteTensorsCopiesNothing.

#include "copying_request.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class RemoteTensorCopied final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<CopyingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::RemoteTensorCopied)
