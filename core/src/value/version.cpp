#include "ferry/value/version.hpp"

namespace ferry {

std::ostream& operator<<(std::ostream& out, const Version& version) {
  return out << version.description << " " << version.buildNumber;
}

std::ostream& operator<<(std::ostream& out, const std::map<std::string, Version>& versions) {
  for (const auto& [device, version] : versions) out << device << ": " << version << "\n";
  return out;
}

const Version& get_version() {
  static const Version version{"2026.0.0", "Ferry runtime"};
  return version;
}

}  // namespace ferry
