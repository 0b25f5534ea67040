#include "core_impl.hpp"

#include <algorithm>
#include <optional>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/value/properties.hpp"
#include "model_cache.hpp"
#include "plugins_xml.hpp"

namespace ferry {
namespace {

bool plugin_supports_export(const IPlugin& plugin, const AnyMap& arguments) {
  try {
    const auto capabilities =
        plugin.get_property(device::capabilities.name(), arguments).as<std::vector<std::string>>();
    return std::find(capabilities.begin(), capabilities.end(), device::capability::EXPORT_IMPORT) != capabilities.end();
  } catch (const Exception&) {
    return false;  // a plugin without OPTIMIZATION_CAPABILITIES cannot be cached
  }
}

// CACHE_ENCRYPTION_CALLBACKS among compile_model's core-wide properties; none when not given or
// both callbacks are empty.
std::optional<EncryptionCallbacks> encryption_of(const AnyMap& core) {
  auto found = core.find(cache_encryption_callbacks.name());
  if (found == core.end()) return std::nullopt;
  FERRY_ASSERT(found->second.is<EncryptionCallbacks>(), cache_encryption_callbacks.name(),
               " takes an EncryptionCallbacks (cache_encryption_callbacks(callbacks)), got ",
               found->second.type_name());
  const auto& callbacks = found->second.as<EncryptionCallbacks>();
  if (!callbacks.encrypt && !callbacks.decrypt) return std::nullopt;
  FERRY_ASSERT(callbacks.encrypt && callbacks.decrypt, cache_encryption_callbacks.name(),
               " needs both encrypt and decrypt: an entry written with one could not be read with the other (",
               callbacks.encrypt ? "decrypt" : "encrypt", " is empty)");
  return callbacks;
}

}  // namespace

CompiledModel to_compiled_model(const SoPtr<ICompiledModel>& compiled) {
  return CompiledModel(compiled._ptr, {compiled._so});
}

std::string priorities_of(const DeviceName& device) { return device.full_name().substr(device.base.size() + 1); }

AnyMap with_device_id(const DeviceName& device, AnyMap properties) {
  if (!device.id.empty()) properties[device::id.name()] = device.id;
  return properties;
}

void CoreImpl::register_plugin(const std::string& name, const std::string& location, const AnyMap& properties) {
  const DeviceName parsed = DeviceName::parse(name);
  FERRY_ASSERT(!parsed.is_virtual() && parsed.id.empty(), "cannot register a plugin as '", name,
               "': a device name has no '.', ':' or '(...)'");
  std::lock_guard<std::mutex> lock(m_mutex);
  FERRY_ASSERT(!m_registrations.count(name), "device '", name, "' is already registered (from '",
               m_registrations.at(name).location, "')");
  Registration registration;
  registration.location = location;
  if (!properties.empty()) registration.pending.push_back(properties);
  m_registrations.emplace(name, std::move(registration));
}

void CoreImpl::register_plugins_xml(const std::string& xml_path) {
  const std::vector<PluginDescriptor> plugins = parse_plugins_xml_file(xml_path);
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto& plugin : plugins)
      FERRY_ASSERT(!m_registrations.count(plugin.name), "plugins.xml '", xml_path, "': device '", plugin.name,
                   "' is already registered (from '", m_registrations.at(plugin.name).location, "')");
  }
  for (const auto& plugin : plugins) {
    AnyMap properties;
    for (const auto& [key, value] : plugin.properties) properties[key] = value;
    register_plugin(plugin.name, plugin.location, properties);
  }
}

void CoreImpl::unload_plugin(const std::string& name) {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto found = m_registrations.find(name);
  FERRY_ASSERT(found != m_registrations.end(), "cannot unload device '", name, "': it is not registered");
  // Forget the loaded plugin but keep the registration: the next use loads it again. Objects
  // created from it keep their own reference to the library.
  found->second.loaded = LoadedPlugin{};
}

std::vector<std::string> CoreImpl::registered_devices() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  std::vector<std::string> names;
  for (const auto& entry : m_registrations) names.push_back(entry.first);
  return names;
}

std::vector<std::string> CoreImpl::get_available_devices() const {
  std::vector<std::string> devices;
  for (const std::string& base : registered_devices()) {
    std::vector<std::string> ids;
    try {
      ids = get_plugin(base).plugin->get_property(available_devices.name(), {}).as<std::vector<std::string>>();
    } catch (const Exception&) {
      continue;  // a plugin that cannot load or enumerate has no available devices; using it names the cause
    }
    if (ids.size() == 1) {
      devices.push_back(base);
    } else {
      for (const std::string& id : ids) devices.push_back(base + "." + id);
    }
  }
  return devices;
}

LoadedPlugin CoreImpl::get_plugin(const std::string& base_name) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto found = m_registrations.find(base_name);
  if (found == m_registrations.end()) {
    std::ostringstream known;
    for (const auto& entry : m_registrations) known << (known.tellp() ? ", " : "") << entry.first;
    Exception::raise("unknown device '", base_name, "': registered devices are [", known.str(), "]");
  }
  Registration& registration = found->second;
  if (!registration.loaded.plugin) {
    LoadedPlugin loaded = load_plugin_library(registration.location);
    loaded.plugin->set_device_name(base_name);
    loaded.plugin->set_core(std::static_pointer_cast<const ICore>(shared_from_this()));
    for (const AnyMap& properties : registration.pending) loaded.plugin->set_property(properties);
    registration.pending.clear();
    registration.loaded = std::move(loaded);
  }
  return registration.loaded;
}

AnyMap CoreImpl::take_core_properties(AnyMap& properties) {
  AnyMap core;
  for (const char* key : {cache_dir.name(), hint::allow_auto_batching.name(), cache_encryption_callbacks.name()}) {
    auto found = properties.find(key);
    if (found != properties.end()) {
      core.insert(*found);
      properties.erase(found);
    }
  }
  return core;
}

void CoreImpl::set_core_properties(const AnyMap& properties) {
  AnyMap remaining = properties;
  AnyMap core = take_core_properties(remaining);
  if (core.count(cache_encryption_callbacks.name()))
    Exception::raise(cache_encryption_callbacks.name(),
                     " is given to compile_model only (as OpenVINO): core.compile_model(model, device, "
                     "cache_encryption_callbacks(callbacks))");
  if (!remaining.empty())
    Exception::raise("property '", remaining.begin()->first,
                     "' is not a core-wide property (core-wide: CACHE_DIR, ALLOW_AUTO_BATCHING); set it for a device: "
                     "core.set_property(\"DEVICE\", ...)");
  std::lock_guard<std::mutex> lock(m_mutex);
  for (const auto& [key, value] : core) m_core_properties[key] = value;
}

Any CoreImpl::get_core_property(const std::string& name) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (name == cache_dir.name()) {
    auto found = m_core_properties.find(name);
    return found == m_core_properties.end() ? Any(std::string()) : found->second;
  }
  if (name == hint::allow_auto_batching.name()) {
    auto found = m_core_properties.find(name);
    return found == m_core_properties.end() ? Any(true) : Any(found->second.as<bool>());
  }
  if (name == supported_properties.name())
    return std::vector<PropertyName>{cache_dir, hint::allow_auto_batching, cache_encryption_callbacks};
  if (name == cache_encryption_callbacks.name())
    Exception::raise(name, " is write-only: it is given to compile_model and cannot be read back");
  Exception::raise("unknown core-wide property '", name,
                   "' (core-wide: SUPPORTED_PROPERTIES, CACHE_DIR, ALLOW_AUTO_BATCHING, CACHE_ENCRYPTION_CALLBACKS)");
}

void CoreImpl::set_device_properties(const DeviceName& device, const AnyMap& properties) {
  AnyMap plugin_properties = properties;
  AnyMap core = take_core_properties(plugin_properties);
  if (!core.empty()) set_core_properties(core);
  if (plugin_properties.empty()) return;
  // Loads the plugin if needed, so a bad property or value is reported by this call. A virtual
  // device's name ("MULTI:GPU,TEMPLATE") sets its plugin's settings.
  const LoadedPlugin plugin = get_plugin(device.base);
  plugin.plugin->set_property(device.is_virtual() ? plugin_properties : with_device_id(device, plugin_properties));
}

SoPtr<ICompiledModel> CoreImpl::compile(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                        AnyMap properties) const {
  FERRY_ASSERT(model, "compile_model: the model is null");
  const AnyMap core = take_core_properties(properties);
  if (device.is_virtual()) return compile_virtual(model, device, properties, core);
  // compile_model(model, "MULTI", {MULTI_DEVICE_PRIORITIES: "GPU,TEMPLATE"}) is "MULTI:GPU,TEMPLATE".
  if (auto priorities = properties.find(device::priorities.name()); priorities != properties.end()) {
    const DeviceName named = DeviceName::from_priorities(device.base, priorities->second.as<std::string>());
    properties.erase(priorities);
    return compile_virtual(model, named, properties, core);
  }
  // AUTO with its own candidates (its setting, else every available device) compiles on other
  // devices as "AUTO:..." does: they take the core-wide properties given here (CACHE_DIR).
  if (device.base == "AUTO") return compile_virtual(model, device, properties, core);
  if (std::optional<size_t> batch = auto_batch_size(model, device, properties, core)) {
    const DeviceName batched = DeviceName::parse("BATCH:" + device.full_name() + "(" + std::to_string(*batch) + ")");
    try {
      return compile_virtual(model, batched, properties, core);
    } catch (const Exception&) {
      // A model BATCH cannot take (not batch 1, or too large at batch N) compiles as it is.
    }
  }
  std::string cache_directory;
  if (core.count(cache_dir.name())) {
    cache_directory = core.at(cache_dir.name()).as<std::string>();
  } else {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_core_properties.count(cache_dir.name()))
      cache_directory = m_core_properties.at(cache_dir.name()).as<std::string>();
  }
  const AnyMap plugin_properties = with_device_id(device, properties);
  // Checked even without CACHE_DIR, so bad callbacks are reported where they are given.
  const std::optional<EncryptionCallbacks> encryption = encryption_of(core);
  if (!cache_directory.empty())
    return compile_with_cache(model, device, plugin_properties, cache_directory, encryption);
  const LoadedPlugin plugin = get_plugin(device.base);
  return {plugin.plugin->compile_model(model, plugin_properties), plugin.library};
}

std::optional<size_t> CoreImpl::auto_batch_size(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                                const AnyMap& properties, const AnyMap& core) const {
  bool allowed = true;
  if (auto given = core.find(hint::allow_auto_batching.name()); given != core.end()) {
    allowed = given->second.as<bool>();
  } else {
    allowed = get_core_property(hint::allow_auto_batching.name()).as<bool>();
  }
  if (!allowed) return std::nullopt;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_registrations.count("BATCH")) return std::nullopt;
  }
  try {
    const LoadedPlugin plugin = get_plugin(device.base);
    auto hint = properties.find(hint::performance_mode.name());
    const Any mode = hint != properties.end()
                         ? hint->second
                         : plugin.plugin->get_property(hint::performance_mode.name(), with_device_id(device, {}));
    if (Any(mode).as<hint::PerformanceMode>() != hint::PerformanceMode::THROUGHPUT) return std::nullopt;
    const auto batch =
        plugin.plugin->get_property(optimal_batch_size.name(), with_device_id(device, {hint::model(model)}))
            .as<unsigned>();
    if (batch > 1) return batch;
  } catch (const Exception&) {
    // A device without PERFORMANCE_HINT or OPTIMAL_BATCH_SIZE is not batched automatically.
  }
  return std::nullopt;
}

SoPtr<ICompiledModel> CoreImpl::compile_virtual(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                                AnyMap properties, const AnyMap& core) const {
  // "MULTI:GPU,TEMPLATE" is the plugin registered as MULTI given "GPU,TEMPLATE" as its
  // MULTI_DEVICE_PRIORITIES. Core-wide properties given here (CACHE_DIR) go with the rest, for the
  // devices it compiles on.
  if (device.is_virtual()) properties[device::priorities.name()] = priorities_of(device);
  properties.insert(core.begin(), core.end());
  const LoadedPlugin plugin = get_plugin(device.base);
  auto compiled = plugin.plugin->compile_model(model, properties);
  // The compiled model hands out its devices' infer requests, tensors and contexts: they keep
  // those libraries too. One handle holds them all (a SoPtr has one `_so`).
  auto libraries = std::make_shared<std::vector<std::shared_ptr<void>>>(1, plugin.library);
  for (const std::string& target : device.targets)
    if (target.front() != '-')  // "AUTO:-GPU" excludes GPU: nothing of it runs
      libraries->push_back(get_plugin(DeviceName::parse(target).base).library);
  return {compiled, std::shared_ptr<void>(std::move(libraries))};
}

SoPtr<ICompiledModel> CoreImpl::compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                              const AnyMap& properties) const {
  return compile(model, DeviceName::parse(device_name), properties);
}

SupportedOpsMap CoreImpl::query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                      const AnyMap& properties) const {
  const DeviceName device = DeviceName::parse(device_name);
  // Core-wide properties (CACHE_DIR, which the core hands virtual devices with the rest) are not
  // the device's.
  AnyMap device_properties = properties;
  take_core_properties(device_properties);
  if (device.is_virtual()) {
    AnyMap with_priorities = device_properties;
    with_priorities[device::priorities.name()] = priorities_of(device);
    return get_plugin(device.base).plugin->query_model(model, with_priorities);
  }
  return get_plugin(device.base).plugin->query_model(model, with_device_id(device, device_properties));
}

SoPtr<ICompiledModel> CoreImpl::import_model(std::istream& blob, const std::string& device_name,
                                             const AnyMap& properties) const {
  const DeviceName device = DeviceName::parse(device_name);
  const LoadedPlugin plugin = get_plugin(device.base);
  if (device.is_virtual()) {
    // "HETERO:GPU,CPU" is the plugin registered as HETERO given "GPU,CPU", as compile_model does;
    // one that cannot import refuses by name (IPlugin::import_model's default).
    AnyMap with_priorities = properties;
    with_priorities[device::priorities.name()] = priorities_of(device);
    return {plugin.plugin->import_model(blob, with_priorities), plugin.library};
  }
  return {plugin.plugin->import_model(blob, with_device_id(device, properties)), plugin.library};
}

Any CoreImpl::get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const {
  const DeviceName device = DeviceName::parse(device_name);
  if (device.is_virtual()) {
    // The virtual device's own properties; its devices are the ones its name gives.
    if (name == device::priorities.name()) return priorities_of(device);
    AnyMap with_priorities = arguments;
    with_priorities[device::priorities.name()] = priorities_of(device);
    return get_plugin(device.base).plugin->get_property(name, with_priorities);
  }
  return get_plugin(device.base).plugin->get_property(name, with_device_id(device, arguments));
}

SoPtr<ICompiledModel> CoreImpl::compile_with_cache(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                                   const AnyMap& plugin_properties, const std::string& cache_directory,
                                                   const std::optional<EncryptionCallbacks>& encryption) const {
  const LoadedPlugin plugin = get_plugin(device.base);
  if (!plugin_supports_export(*plugin.plugin, with_device_id(device, {})))
    return {plugin.plugin->compile_model(model, plugin_properties), plugin.library};

  const ModelCache cache(cache_directory);
  const std::string key =
      ModelCache::compute_key(model, device.full_name(), plugin_properties, plugin.plugin->get_version());
  if (std::optional<std::string> entry = cache.load(key)) {
    // Under CACHE_ENCRYPTION_CALLBACKS an entry that does not decrypt (another key, written in the
    // clear) is a miss like a stale one, and is rewritten below.
    if (std::optional<std::string> blob = encryption ? ModelCache::unseal(*entry, *encryption) : entry) {
      try {
        std::istringstream in(*blob);
        return {plugin.plugin->import_model(in, plugin_properties), plugin.library};
      } catch (const Exception&) {
        // a stale or foreign blob: rebuild it below
      }
    }
    cache.remove(key);
  }
  auto compiled = plugin.plugin->compile_model(model, plugin_properties);
  std::ostringstream out;
  compiled->export_model(out);
  cache.store(key, encryption ? ModelCache::seal(out.str(), *encryption) : out.str());
  return {compiled, plugin.library};
}

}  // namespace ferry
