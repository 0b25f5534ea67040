#include "ferry/plugin/support/port_name.hpp"

#include <sstream>

namespace ferry::sdk {

std::string port_name(const Output<const Node>& port) {
  if (!port.get_names().empty()) return port.get_any_name();
  std::ostringstream name;
  name << (port.get_node() ? port.get_node()->get_friendly_name() : std::string("<null node>")) << ":"
       << port.get_index();
  return name.str();
}

}  // namespace ferry::sdk
