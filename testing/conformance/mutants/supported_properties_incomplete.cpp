// Mutant: SUPPORTED_PROPERTIES leaves out FULL_DEVICE_NAME, which the device still answers.
// Caught by Plugin.SupportedPropertiesAreCompleteAndReadable.

#include <algorithm>

#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/value/properties.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

class SupportedPropertiesIncomplete final : public MutantPlugin {
 protected:
  Any answer_property(const std::string& name, Any value) const override {
    if (name != supported_properties.name()) return value;
    auto keys = value.as<std::vector<PropertyName>>();
    keys.erase(std::remove(keys.begin(), keys.end(), device::full_name.name()), keys.end());
    return keys;
  }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::SupportedPropertiesIncomplete)
