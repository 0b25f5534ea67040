#include "plugin.hpp"

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/plugin/support/virtual_device.hpp"
#include "ferry/value/properties.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::multi::Plugin)

namespace ferry::multi {

Plugin::Plugin() : m_properties(sdk::device_owner([this] { return get_device_name(); })), m_settings(m_properties) {
  set_device_name("MULTI");  // the core renames it to the name it was registered under
  set_version({::ferry::get_version().buildNumber, "Ferry multi-device execution"});
  sdk::declare_virtual_device(m_properties, "Requests spread over several devices")
      .read_only(device::capabilities, [this](const AnyMap& arguments) {
        // What every device lists ("MULTI:GPU,TEMPLATE" names them; else the setting).
        const std::string priorities = sdk::priorities_of(arguments, m_settings.get().priorities);
        return priorities.empty() ? std::vector<std::string>{}
                                  : sdk::common_capabilities(*get_core(), devices_of(Config{priorities}));
      });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::vector<std::string> Plugin::devices_of(const Config& config) const {
  return sdk::plain_targets(get_device_name(), config.priorities);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  const auto [config, device_properties] = m_settings.with_own(properties);
  const std::vector<std::string> devices = devices_of(config);
  const auto core = get_core();
  std::vector<SoPtr<ICompiledModel>> compiled;
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
