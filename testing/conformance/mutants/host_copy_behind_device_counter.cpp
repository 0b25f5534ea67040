// Mutant: a device with two copy counters, as GPU has (GPU_COPIED_BYTES for host <-> device,
// GPU_DEVICE_COPIED_BYTES within the device): TEMPLATE_COPIED_BYTES counts the host round trip of
// every inference on remote tensors (copying_request.hpp), while TEMPLATE_DEVICE_COPIED_BYTES,
// listed after it, stays 0. A suite that watches only one counter (the last listed) misses the
// copies. Caught by Remote.InferenceOnRemoteTensorsCopiesNothing.

#include <string>
#include <vector>

#include "copying_request.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/value/properties.hpp"
#include "mutant_plugin.hpp"

namespace ferry::conformance::mutants {

constexpr const char* kDeviceCopiedBytes = "TEMPLATE_DEVICE_COPIED_BYTES";

class HostCopyBehindDeviceCounter final : public MutantPlugin {
 public:
  Any get_property(const std::string& name, const AnyMap& arguments) const override {
    if (name == kDeviceCopiedBytes) return uint64_t{0};
    return MutantPlugin::get_property(name, arguments);
  }

 protected:
  Any answer_property(const std::string& name, Any value) const override {
    if (name != supported_properties.name()) return value;
    auto keys = value.as<std::vector<PropertyName>>();
    keys.emplace_back(kDeviceCopiedBytes, PropertyMutability::RO);
    return keys;
  }
  RequestFactory request_factory(bool) const override { return factory_of<CopyingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::HostCopyBehindDeviceCounter)
