#pragma once

#include <memory>
#include <mutex>

#include "config.hpp"
#include "context_registry.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::template_plugin {

class CompiledModel;

// The TEMPLATE device: a reference CPU device that runs every op with a reference kernel
// (Node::evaluate), with streams, profiling, export/import and host-memory remote contexts.
// The core creates one per registered device name (plugin_entry.hpp) and calls it from any
// thread: the settings (sdk::DeviceSettings) and everything else are immutable or thread-safe.
class Plugin final : public IPlugin {
 public:
  Plugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties,
                                                const std::shared_ptr<IRemoteContext>& context) const override;

  // Every property is declared once, in the table the constructor builds: the settings of
  // Config, read-write, and the device's facts, read-only. Read-only and unknown keys throw.
  void set_property(const AnyMap& properties) override;
  // arguments: DEVICE_ID may name the device ("0"); nothing else is accepted.
  Any get_property(const std::string& name, const AnyMap& arguments) const override;

  // params: see ContextRegistry::create.
  std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const override;
  std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const override;

  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                               const AnyMap& properties) const override;

  // Every op with a reference kernel maps to this device; the others are absent.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

  // The device's properties; compiled models report the settings that reach them from it.
  const sdk::PropertyTable<Config>& properties() const { return m_properties; }

 private:
  std::shared_ptr<CompiledModel> compile(const std::shared_ptr<const Model>& model, const Config& config,
                                         const std::shared_ptr<RemoteContext>& context, bool loaded_from_cache) const;

  std::shared_ptr<CopyCounter> m_copies;
  mutable ContextRegistry m_contexts;
  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::template_plugin
