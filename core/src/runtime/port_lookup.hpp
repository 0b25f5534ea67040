#pragma once

#include <string>
#include <vector>

#include "ferry/graph/node.hpp"

namespace ferry {

// Port lookups shared by CompiledModel and InferRequest; errors list what exists.
const Output<const Node>& single_port(const std::vector<Output<const Node>>& ports, const char* kind);
const Output<const Node>& port_at(const std::vector<Output<const Node>>& ports, size_t index, const char* kind);
const Output<const Node>& port_named(const std::vector<Output<const Node>>& ports, const std::string& name,
                                     const char* kind);
// Searches inputs, then outputs; nullptr when no port has the name.
const Output<const Node>* find_port_named(const std::vector<Output<const Node>>& ports, const std::string& name);

}  // namespace ferry
