#pragma once

#include <string>

#include "ferry/graph/node.hpp"

namespace ferry::sdk {

// How errors name a port (the SDK's and plugins'): its tensor name, or "<node friendly name>:<output index>" when it
// has none.
std::string port_name(const Output<const Node>& port);

}  // namespace ferry::sdk
