#pragma once

#include <map>
#include <string>
#include <vector>

#include "ferry/value/any.hpp"

namespace ferry {

// Checks that `params` holds, for every key of `expected`, one of the listed values (any value
// when the list is empty). Throws ferry::Exception naming the `what`, key and values.
void check_remote_params(const AnyMap& params, const std::map<std::string, std::vector<std::string>>& expected,
                         const char* what);

}  // namespace ferry
