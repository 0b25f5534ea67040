// Mutant: RANGE_FOR_ASYNC_INFER_REQUESTS reads back as text ("1 8 1") instead of the declared
// std::tuple<unsigned, unsigned, unsigned>. Typed reads still parse it, so only a check of the
// stored type catches it: Plugin.PropertiesHaveTheirDeclaredTypes.

#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/value/properties.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class WrongPropertyType final : public MutantPlugin {
 protected:
  Any answer_property(const std::string& name, Any value) const override {
    if (name != range_for_async_infer_requests.name()) return value;
    return Any(value.as<std::string>());
  }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::WrongPropertyType)
