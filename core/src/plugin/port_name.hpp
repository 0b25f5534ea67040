#pragma once

#include <string>

#include "ferry/graph/node.hpp"

namespace ferry::plugin_detail {

// How SDK errors name a port: its tensor name, or "<node friendly name>:<output index>" when it
// has none.
std::string port_name(const Output<const Node>& port);

}  // namespace ferry::plugin_detail
