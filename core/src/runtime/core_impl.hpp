#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/so_ptr.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/properties.hpp"
#include "plugin_library.hpp"

namespace ferry {

using sdk::DeviceName;

// The state behind ferry::Core: registered devices, their lazily loaded plugins, the properties
// waiting for a plugin to load, and core-wide properties (CACHE_DIR). It is the ICore the plugins
// it loads reach through IPlugin::get_core(), so it lives in a shared_ptr.
class CoreImpl final : public ICore, public std::enable_shared_from_this<CoreImpl> {
 public:
  void register_plugin(const std::string& name, const std::string& location, const AnyMap& properties);
  void register_plugins_xml(const std::string& xml_path);
  void unload_plugin(const std::string& name);

  // The plugin behind a registered device name (without instance), loading it on first use.
  LoadedPlugin get_plugin(const std::string& base_name) const;
  std::vector<std::string> registered_devices() const;

  // Splits `properties` into core-wide ones (returned) and the rest (left in `properties`).
  // CACHE_ENCRYPTION_CALLBACKS is one (compile_model's only: set_core_properties refuses it).
  static AnyMap take_core_properties(AnyMap& properties);
  void set_core_properties(const AnyMap& properties);
  Any get_core_property(const std::string& name) const;
  void set_device_properties(const DeviceName& device, const AnyMap& properties);

  // Core::compile_model wraps what this returns in a CompiledModel (to_compiled_model).
  SoPtr<ICompiledModel> compile(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                AnyMap properties) const;

  // ICore: what plugins of other devices (MULTI, BATCH) call.
  SoPtr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                      const AnyMap& properties) const override;
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                              const AnyMap& properties) const override;
  SoPtr<ICompiledModel> import_model(std::istream& blob, const std::string& device_name,
                                     const AnyMap& properties) const override;
  Any get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const override;
  std::vector<std::string> get_available_devices() const override;

 private:
  struct Registration {
    std::string location;
    std::vector<AnyMap> pending;  // plugins.xml / register_plugin properties, applied on load
    LoadedPlugin loaded;          // empty until first use
  };
  // OpenVINO's automatic batching: a compile with the THROUGHPUT hint (given, or the device's) on
  // a device that reports OPTIMAL_BATCH_SIZE > 1 for the model runs through BATCH:<device>(N) when
  // BATCH is registered and ALLOW_AUTO_BATCHING (given, else core-wide) is not false. N, or none.
  std::optional<size_t> auto_batch_size(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                        const AnyMap& properties, const AnyMap& core) const;
  SoPtr<ICompiledModel> compile_virtual(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                        AnyMap properties, const AnyMap& core) const;
  // `encryption`: CACHE_ENCRYPTION_CALLBACKS given to this compile, or none.
  SoPtr<ICompiledModel> compile_with_cache(const std::shared_ptr<const Model>& model, const DeviceName& device,
                                           const AnyMap& plugin_properties, const std::string& cache_dir,
                                           const std::optional<EncryptionCallbacks>& encryption) const;

  mutable std::mutex m_mutex;
  mutable std::map<std::string, Registration> m_registrations;
  AnyMap m_core_properties;
};

// The application's handle on a compiled model and the libraries that keep it loaded.
CompiledModel to_compiled_model(const SoPtr<ICompiledModel>& compiled);

// What a virtual device's name gives its plugin as MULTI_DEVICE_PRIORITIES: "GPU,TEMPLATE" of
// "MULTI:GPU,TEMPLATE", "GPU(4)" of "BATCH:GPU(4)".
std::string priorities_of(const DeviceName& device);

// Adds DEVICE_ID for "GPU.1"-style names to what a plugin receives.
AnyMap with_device_id(const DeviceName& device, AnyMap properties);

}  // namespace ferry
