// Mutant: every f32 output of every inference is off by 0.5 in its first element (the
// inference itself succeeds). Caught by every test that compares outputs with expected values.

#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"
#include "perturbing_request.hpp"

namespace ferry::conformance::mutants {

class WrongValues final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<PerturbingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::WrongValues)
