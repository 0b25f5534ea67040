#include "ferry/plugin/support/virtual_device.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/device_name.hpp"

namespace ferry::sdk {

std::string priorities_of(const AnyMap& arguments, const std::string& configured) {
  const auto given = arguments.find(device::priorities.name());
  return given == arguments.end() ? configured : Any(given->second).as<std::string>();
}

std::vector<std::string> plain_targets(const std::string& virtual_base, const std::string& priorities) {
  const DeviceName device = DeviceName::from_priorities(virtual_base, priorities);
  for (const std::string& target : device.targets) {
    FERRY_ASSERT(!DeviceName::parse(target).is_virtual(), "device '", device.full_name(), "': ", virtual_base,
                 " cannot contain virtual device '", target, "'");
  }
  return device.targets;
}

std::vector<std::string> common_capabilities(const ICore& core, const std::vector<std::string>& devices) {
  std::vector<std::string> common;
  for (size_t i = 0; i < devices.size(); ++i) {
    const auto listed = core.get_property(devices[i], device::capabilities.name(), {}).as<std::vector<std::string>>();
    if (i == 0) {
      std::copy_if(listed.begin(), listed.end(), std::back_inserter(common),
                   [](const std::string& capability) { return capability != device::capability::EXPORT_IMPORT; });
    } else {
      common.erase(std::remove_if(common.begin(), common.end(),
                                  [&](const std::string& capability) {
                                    return std::find(listed.begin(), listed.end(), capability) == listed.end();
                                  }),
                   common.end());
    }
  }
  return common;
}

}  // namespace ferry::sdk
