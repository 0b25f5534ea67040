#include "remote_params.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"

namespace ferry {

void check_remote_params(const AnyMap& params, const std::map<std::string, std::vector<std::string>>& expected,
                         const char* what) {
  for (const auto& [key, allowed] : expected) {
    auto found = params.find(key);
    FERRY_ASSERT(found != params.end(), "not the requested kind of ", what, ": parameter '", key, "' is missing");
    if (allowed.empty()) continue;
    const std::string value = found->second.as<std::string>();
    if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
      std::string list;
      for (const auto& item : allowed) list += (list.empty() ? "" : "|") + item;
      Exception::raise("not the requested kind of ", what, ": parameter '", key, "' is '", value, "', expected ", list);
    }
  }
}

}  // namespace ferry
