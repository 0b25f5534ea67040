#pragma once

#include <map>
#include <string>

namespace ferry {

// Operation friendly name -> device name that can run it (Core::query_model).
using SupportedOpsMap = std::map<std::string, std::string>;

}  // namespace ferry
