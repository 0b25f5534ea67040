#include "device_flags.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::conformance {

DeviceUnderTest resolve_device_under_test(const DeviceFlags& flags, const std::string& who) {
  FERRY_ASSERT(!flags.device || !flags.device->empty(), who, ": ", flags.device_flag, " is empty");
  FERRY_ASSERT(!flags.device_name || !flags.device_name->empty(), who, ": --device_name is empty");
  if (flags.plugin.empty()) {
    FERRY_ASSERT(!flags.device_name, who, ": --device_name=", *flags.device_name,
                 " names the device a --plugin library is registered as, and no --plugin is given; to test a device "
                 "the Core already knows, pass --device=",
                 *flags.device_name);
    return {flags.device.value_or(kDefaultDevice), ""};
  }
  if (flags.device && flags.device_name) {
    FERRY_ASSERT(*flags.device == *flags.device_name, who, ": ", flags.device_flag, "=", *flags.device,
                 " does not match --device_name=", *flags.device_name, ": with --plugin=", flags.plugin,
                 " the device under test is that library, registered as --device_name; drop ", flags.device_flag,
                 " or make the two equal");
    return {*flags.device, *flags.device};
  }
  if (flags.device_name) return {*flags.device_name, *flags.device_name};
  if (flags.device) return {*flags.device, *flags.device};
  Exception::raise(who, ": --plugin=", flags.plugin,
                   " needs --device_name=NAME (or --device=NAME): the name to register the library as and to test");
}

}  // namespace ferry::conformance
