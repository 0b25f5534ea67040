#include "plugin.hpp"

#include <algorithm>

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/value/properties.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::multi::Plugin)

namespace ferry::multi {

Plugin::Plugin() : m_properties(sdk::device_owner([this] { return get_device_name(); })), m_settings(m_properties) {
  set_device_name("MULTI");  // the core renames it to the name it was registered under
  set_version({::ferry::get_version().buildNumber, "Ferry multi-device execution"});
  m_properties
      .setting(device::priorities, &Config::priorities, nullptr, sdk::Reach::kPluginOnly)
      // get_property("MULTI:GPU,TEMPLATE", ...) names its devices in this argument.
      .argument(device::priorities, [](const Any&) {})
      // A virtual device: get_available_devices lists the devices it runs on, not it.
      .read_only(available_devices, [] { return std::vector<std::string>{}; })
      .read_only(device::full_name, [] { return std::string("Requests spread over several devices"); })
      .read_only(device::capabilities, [this](const AnyMap& arguments) { return capabilities(arguments); });
}

std::vector<std::string> Plugin::capabilities(const AnyMap& arguments) const {
  Config config = m_settings.get();
  if (auto given = arguments.find(device::priorities.name()); given != arguments.end()) {
    config.priorities = given->second.as<std::string>();
  }
  if (config.priorities.empty()) return {};
  const auto core = get_core();
  std::vector<std::string> common;
  bool first = true;
  for (const std::string& device : devices_of(config)) {
    const auto listed = core->get_property(device, device::capabilities.name(), {}).as<std::vector<std::string>>();
    std::vector<std::string> kept;
    for (const std::string& capability : first ? listed : common) {
      // MULTI exports nothing, whatever its devices do.
      if (capability == device::capability::EXPORT_IMPORT) continue;
      if (first || std::find(listed.begin(), listed.end(), capability) != listed.end()) kept.push_back(capability);
    }
    common = std::move(kept);
    first = false;
  }
  return common;
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::vector<std::string> Plugin::devices_of(const Config& config) const {
  const sdk::DeviceName device = sdk::DeviceName::from_priorities(get_device_name(), config.priorities);
  for (const std::string& target : device.targets) {
    FERRY_ASSERT(!sdk::DeviceName::parse(target).is_virtual(), "device '", device.full_name(),
                 "': MULTI cannot contain virtual device '", target, "'");
  }
  return device.targets;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  const auto [config, device_properties] = m_settings.with_own(properties);
  const std::vector<std::string> devices = devices_of(config);
  const auto core = get_core();
  std::vector<CompiledModel> compiled;
  for (const std::string& device : devices) compiled.push_back(core->compile_model(model, device, device_properties));
  // The ports are a private copy's: later edits of the caller's model do not reach them.
  return std::make_shared<MultiCompiledModel>(model->clone(), shared_from_this(), devices, std::move(compiled));
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  const auto [config, device_properties] = m_settings.with_own(properties);
  const std::vector<std::string> devices = devices_of(config);
  const auto core = get_core();
  SupportedOpsMap supported = core->query_model(model, devices.front(), device_properties);
  for (size_t i = 1; i < devices.size(); ++i) {
    const SupportedOpsMap other = core->query_model(model, devices[i], device_properties);
    for (auto op = supported.begin(); op != supported.end();)
      op = other.count(op->first) ? std::next(op) : supported.erase(op);
  }
  return supported;
}

}  // namespace ferry::multi
