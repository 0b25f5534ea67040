#pragma once

// What every plugin that runs on other devices (MULTI, BATCH) shares: its devices come as
// MULTI_DEVICE_PRIORITIES (a setting, and the argument the core adds to get_property of a name
// like "MULTI:GPU,TEMPLATE"), it is not an available device itself, and its compiled models
// have the capabilities its devices share, but export.

#include <string>
#include <vector>

#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::sdk {

// The priorities a get_property call names in its MULTI_DEVICE_PRIORITIES argument, else
// `configured` (the plugin's setting).
std::string priorities_of(const AnyMap& arguments, const std::string& configured);

// The devices `priorities` names for the virtual device registered as `virtual_base` ("MULTI",
// "HETERO"), in order, each a plain device: a virtual one in the list is refused, naming the
// whole device and the one refused.
std::vector<std::string> plain_targets(const std::string& virtual_base, const std::string& priorities);
// OPTIMIZATION_CAPABILITIES every device of `devices` lists, in the first one's order, but
// EXPORT_IMPORT: a virtual device's compiled models export nothing.
std::vector<std::string> common_capabilities(const ICore& core, const std::vector<std::string>& devices);

// Declares MULTI_DEVICE_PRIORITIES (the setting Config::priorities, and the get_property
// argument), AVAILABLE_DEVICES (empty: get_available_devices lists the devices, not it) and
// FULL_DEVICE_NAME (`full_name`).
template <typename Config>
PropertyTable<Config>& declare_virtual_device(PropertyTable<Config>& table, const std::string& full_name) {
  return table.setting(device::priorities, &Config::priorities, nullptr, Reach::kPluginOnly)
      .argument(device::priorities, [](const Any&) {})
      .read_only(available_devices, [] { return std::vector<std::string>{}; })
      .read_only(device::full_name, [full_name] { return full_name; });
}

}  // namespace ferry::sdk
