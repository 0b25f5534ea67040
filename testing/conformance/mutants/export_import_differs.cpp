// Mutant: a model that was imported (import_model, and so every model-cache hit) computes
// different values from the model that was exported; freshly compiled models are right.
// Caught by CompiledModel.ExportThenImportGivesIdenticalResults and the Caching tests that run
// the cached model.

#include "ferry/plugin/plugin_entry.hpp"
#include "mutant_plugin.hpp"
#include "perturbing_request.hpp"

namespace ferry::conformance::mutants {

class ExportImportDiffers final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool imported) const override {
    return imported ? factory_of<PerturbingRequest>() : nullptr;
  }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::ExportImportDiffers)
