#include "plugin.hpp"

#include "compiled_model.hpp"
#include "device_selection.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/plugin/support/virtual_device.hpp"
#include "ferry/value/properties.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::auto_device::Plugin)

namespace ferry::auto_device {
namespace {

// What `device` is compiled and queried with: the properties AUTO does not own, but the
// per-device maps (DEVICE_PROPERTIES, or a device's name as key), of which `device`'s own are
// merged in; and the performance hint AUTO gives its devices.
AnyMap properties_for(const std::string& device, const AnyMap& others, const Config& config) {
  const std::string base = sdk::DeviceName::parse(device).base;
  AnyMap properties, own;
  const auto take = [&](const std::string& name, const Any& value) {
    if ((name == device || name == base) && value.is<AnyMap>())
      for (const auto& [key, setting] : value.as<AnyMap>()) own[key] = setting;
  };
  for (const auto& [key, value] : others) {
    if (key == device::properties.name()) {
      for (const auto& [name, per_device] : Any(value).as<AnyMap>()) take(name, per_device);
    } else if (value.is<AnyMap>()) {
      take(key, value);  // another device's map: not this device's
    } else {
      properties[key] = value;
    }
  }
  properties[hint::performance_mode.name()] = config.performance_mode == hint::PerformanceMode::CUMULATIVE_THROUGHPUT
                                                  ? hint::PerformanceMode::THROUGHPUT
                                                  : config.performance_mode;
  if (config.profiling) properties[enable_profiling.name()] = true;
  for (const auto& [key, value] : own) properties[key] = value;
  return properties;
}

}  // namespace

Plugin::Plugin() : m_properties(sdk::device_owner([this] { return get_device_name(); })), m_settings(m_properties) {
  set_device_name("AUTO");  // the core renames it to the name it was registered under
  set_version({::ferry::get_version().buildNumber, "Ferry automatic device selection"});
  sdk::declare_virtual_device(m_properties, "The best device for each model, chosen by Ferry")
      .setting(enable_startup_fallback, &Config::startup_fallback, nullptr, sdk::Reach::kPluginOnly)
      .setting(enable_runtime_fallback, &Config::runtime_fallback, nullptr, sdk::Reach::kPluginOnly)
      .setting(device_bind_buffer, &Config::bind_buffer, nullptr, sdk::Reach::kPluginOnly)
      .setting(schedule_policy, &Config::schedule, nullptr, sdk::Reach::kPluginOnly)
      .setting(hint::performance_mode, &Config::performance_mode, nullptr, sdk::Reach::kPluginOnly)
      .setting(log::level, &Config::log_level, nullptr, sdk::Reach::kPluginOnly)
      .setting(enable_profiling, &Config::profiling, nullptr, sdk::Reach::kPluginOnly)
      .read_only(device::capabilities, [this](const AnyMap& arguments) {
        // What every candidate lists ("AUTO:GPU,CPU" names them; else the setting, else every
        // available device's defaults).
        Config config = m_settings.get();
        config.priorities = sdk::priorities_of(arguments, config.priorities);
        std::string log;
        return sdk::common_capabilities(*get_core(),
                                        candidate_devices(*get_core(), config.priorities, full_name(config), log));
      });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::string Plugin::full_name(const Config& config) const {
  return config.priorities.empty() ? get_device_name()
                                   : sdk::DeviceName::from_priorities(get_device_name(), config.priorities).full_name();
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  // Named, not structured bindings: the lambdas below capture them.
  const std::pair<Config, AnyMap> settings = m_settings.with_own(properties);
  const Config config = settings.first;
  const AnyMap others = settings.second;
  const std::string name = full_name(config);
  const auto core = get_core();
  const PropertiesFor device_properties = [others, config](const std::string& device) {
    return properties_for(device, others, config);
  };
  std::string log;
  const std::vector<std::string> candidates = candidate_devices(*core, config.priorities, name, log);
  const std::vector<std::string> devices = devices_for_model(*core, model, candidates, device_properties, name, log);
  // The ports are a private copy's: later edits of the caller's model do not reach them.
  return std::make_shared<AutoCompiledModel>(
      model->clone(), shared_from_this(), name, config, devices,
      [core, model, device_properties](const std::string& device) {
        return core->compile_model(model, device, device_properties(device));
      },
      std::move(log));
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  const std::pair<Config, AnyMap> settings = m_settings.with_own(properties);
  const Config& config = settings.first;
  const auto core = get_core();
  const std::string name = full_name(config);
  // The first candidate that runs the whole model; else what the first candidate supports.
  std::string log;
  const std::vector<std::string> candidates = candidate_devices(*core, config.priorities, name, log);
  std::string device;
  try {
    device =
        devices_for_model(
            *core, model, candidates,
            [&](const std::string& candidate) { return properties_for(candidate, settings.second, config); }, name, log)
            .front();
  } catch (const Exception&) {
    device = candidates.front();
  }
  SupportedOpsMap supported = core->query_model(model, device, properties_for(device, settings.second, config));
  return supported;
}

}  // namespace ferry::auto_device
