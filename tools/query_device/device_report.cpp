#include "device_report.hpp"

#include <algorithm>
#include <exception>
#include <vector>

#include "ferry/value/properties.hpp"

namespace ferry::tools {
namespace {

std::string unsupported(const std::exception& e) { return std::string("UNSUPPORTED (") + e.what() + ")"; }

}  // namespace

std::string property_text(const Core& core, const std::string& device, const std::string& name) {
  try {
    return core.get_property(device, name).as<std::string>();
  } catch (const std::exception& e) {
    return unsupported(e);
  }
}

void print_device_report(std::ostream& out, const Core& core, const std::string& device) {
  out << device << "\n";
  try {
    for (const auto& [component, version] : core.get_versions(device))
      out << "  version: " << component << " " << version << "\n";
  } catch (const std::exception& e) {
    out << "  version: " << unsupported(e) << "\n";
  }
  std::vector<PropertyName> names;
  try {
    names = core.get_property(device, supported_properties);
  } catch (const std::exception& e) {
    out << "  " << supported_properties.name() << ": " << unsupported(e) << "\n";
    return;
  }
  size_t width = 0;
  for (const PropertyName& name : names) width = std::max(width, name.size());
  for (const PropertyName& name : names) {
    if (name == supported_properties.name()) continue;  // the list itself is what is printed
    out << "  " << (name.is_mutable() ? "RW" : "RO") << "  " << name << std::string(width - name.size(), ' ') << " : "
        << property_text(core, device, name) << "\n";
  }
}

}  // namespace ferry::tools
