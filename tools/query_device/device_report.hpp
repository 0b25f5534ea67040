#pragma once

// What query_device prints for one device: its versions and every property it lists in
// SUPPORTED_PROPERTIES, marked RO (read-only) or RW, with the value's text.

#include <ostream>
#include <string>

#include "ferry/runtime/core.hpp"

namespace ferry::tools {

// The property's value as text (Any's string form), or "UNSUPPORTED (<reason>)" when getting or
// printing it fails: one bad property must not hide the others.
std::string property_text(const Core& core, const std::string& device, const std::string& name);

// Prints the device's report. A device whose SUPPORTED_PROPERTIES cannot be read gets one
// "UNSUPPORTED (...)" line instead of the table.
void print_device_report(std::ostream& out, const Core& core, const std::string& device);

}  // namespace ferry::tools
