#pragma once

// Which device the suite tests, from the flags the suite and the runner share: --device,
// --plugin and --device_name (docs/CONFORMANCE.md, "Choosing the device"). One rule for both, so
// that every combination either tests the plugin it was given or is refused:
//
//   --plugin=LIB given: LIB's device is the device under test. It is registered and tested as
//     --device_name, else as --device; when both are given they must be equal; when neither is,
//     nothing names the device and the flags are refused.
//   no --plugin: --device (default TEMPLATE), a device the Core finds in its plugins.xml;
//     --device_name (which only names a --plugin registration) is refused.

#include <optional>
#include <string>

namespace ferry::conformance {

struct DeviceFlags {
  std::optional<std::string> device;       // --device=NAME, when given
  std::string device_flag = "--device";    // how to name `device`'s source in errors (e.g. an environment variable)
  std::string plugin;                      // --plugin=LIB ("": none)
  std::optional<std::string> device_name;  // --device_name=NAME, when given
};

struct DeviceUnderTest {
  std::string device;       // the device every test compiles on
  std::string register_as;  // the name --plugin's library is registered under ("" without --plugin)
};

inline constexpr const char* kDefaultDevice = "TEMPLATE";

// Applies the rule above. Throws ferry::Exception, starting with `who` ("conformance runner"),
// that names the flags and says what to pass instead.
DeviceUnderTest resolve_device_under_test(const DeviceFlags& flags, const std::string& who);

}  // namespace ferry::conformance
