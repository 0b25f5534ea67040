#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "device_name.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/value/any.hpp"
#include "plugin_library.hpp"

namespace ferry {

// The state behind ferry::Core: registered devices, their lazily loaded plugins, the properties
// waiting for a plugin to load, and core-wide properties (CACHE_DIR).
class CoreImpl {
 public:
  void register_plugin(const std::string& name, const std::string& location, const AnyMap& properties);
  void register_plugins_xml(const std::string& xml_path);
  void unload_plugin(const std::string& name);

  // The plugin behind a registered device name (without instance), loading it on first use.
  LoadedPlugin get_plugin(const std::string& base_name) const;
  std::vector<std::string> registered_devices() const;

  // Splits `properties` into core-wide ones (returned) and the rest (left in `properties`).
  static AnyMap take_core_properties(AnyMap& properties);
  void set_core_properties(const AnyMap& properties);
  Any get_core_property(const std::string& name) const;
  void set_device_properties(const DeviceName& device, const AnyMap& properties);

  CompiledModel compile(const std::shared_ptr<const Model>& model, const DeviceName& device, AnyMap properties) const;

 private:
  struct Registration {
    std::string location;
    std::vector<AnyMap> pending;  // plugins.xml / register_plugin properties, applied on load
    LoadedPlugin loaded;          // empty until first use
  };
  CompiledModel compile_with_cache(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                   const AnyMap& plugin_properties, const std::string& cache_dir) const;

  mutable std::mutex m_mutex;
  mutable std::map<std::string, Registration> m_registrations;
  AnyMap m_core_properties;
};

// Adds DEVICE_ID for "GPU.1"-style names to what a plugin receives.
AnyMap with_device_id(const DeviceName& device, AnyMap properties);

}  // namespace ferry
