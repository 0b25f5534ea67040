#include "port_lookup.hpp"

#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

std::string list_names(const std::vector<Output<const Node>>& ports) {
  std::ostringstream out;
  for (size_t i = 0; i < ports.size(); ++i) {
    out << (i ? ", " : "");
    const auto& names = ports[i].get_names();
    out << (names.empty() ? "<unnamed #" + std::to_string(i) + ">" : *names.begin());
  }
  return out.str();
}

}  // namespace

const Output<const Node>& single_port(const std::vector<Output<const Node>>& ports, const char* kind) {
  FERRY_ASSERT(ports.size() == 1, "the model has ", ports.size(), " ", kind, "s (", list_names(ports), "), so the ",
               kind, " must be named or indexed");
  return ports.front();
}

const Output<const Node>& port_at(const std::vector<Output<const Node>>& ports, size_t index, const char* kind) {
  FERRY_ASSERT(index < ports.size(), kind, " index ", index, " is out of range: the model has ", ports.size(), " ",
               kind, "s");
  return ports[index];
}

const Output<const Node>* find_port_named(const std::vector<Output<const Node>>& ports, const std::string& name) {
  for (const auto& port : ports)
    if (port.get_names().count(name)) return &port;
  return nullptr;
}

const Output<const Node>& port_named(const std::vector<Output<const Node>>& ports, const std::string& name,
                                     const char* kind) {
  const Output<const Node>* port = find_port_named(ports, name);
  FERRY_ASSERT(port, "the model has no ", kind, " named '", name, "' (", kind, "s: ", list_names(ports), ")");
  return *port;
}

}  // namespace ferry
