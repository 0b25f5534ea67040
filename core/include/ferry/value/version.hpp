#pragma once

#include <map>
#include <ostream>
#include <string>

namespace ferry {

// What a component was built from: the core library, or a plugin (see Core::get_versions).
struct Version {
  std::string buildNumber;
  std::string description;
};

std::ostream& operator<<(std::ostream& out, const Version& version);
std::ostream& operator<<(std::ostream& out, const std::map<std::string, Version>& versions);

// The core library's version.
const Version& get_version();

}  // namespace ferry
