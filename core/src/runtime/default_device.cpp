#include "default_device.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/device_name.hpp"

namespace ferry {

std::string select_default_device(const std::vector<std::string>& available_devices) {
  FERRY_ASSERT(!available_devices.empty(),
               "no device is available: register plugins through a plugins.xml (FERRY_PLUGINS_XML) "
               "or Core::register_plugin");
  for (const char* preferred : {"GPU", "NPU"})
    for (const std::string& device : available_devices)
      if (sdk::DeviceName::parse(device).base == preferred) return device;
  return available_devices.front();
}

}  // namespace ferry
