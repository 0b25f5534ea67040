#include "default_device.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/device_name.hpp"

namespace ferry {

std::string select_default_device(const std::vector<std::string>& available_devices,
                                  const std::function<bool(const std::string&)>& on_host_cores) {
  FERRY_ASSERT(!available_devices.empty(),
               "no device is available: register plugins through a plugins.xml (FERRY_PLUGINS_XML) "
               "or Core::register_plugin");
  const auto first_of = [&](const char* kind, bool host_gpu) -> std::string {
    for (const std::string& device : available_devices) {
      if (sdk::DeviceName::parse(device).base != kind) continue;
      if (std::string(kind) != "GPU" || on_host_cores(device) == host_gpu) return device;
    }
    return {};
  };
  for (const auto& [kind, host_gpu] :
       {std::pair<const char*, bool>{"GPU", false}, {"NPU", false}, {"CPU", false}, {"GPU", true}}) {
    std::string device = first_of(kind, host_gpu);
    if (!device.empty()) return device;
  }
  return available_devices.front();
}

}  // namespace ferry
