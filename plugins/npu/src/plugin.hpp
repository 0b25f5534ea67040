#pragma once

#include <atomic>
#include <memory>

#include "config.hpp"
#include "context_registry.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::npu::plugin {

class CompiledModel;

// The NPU device: every Level Zero device of type VPU the loader finds, driven only through the
// Level Zero API and the driver's graph extension (ferry/npu/driver/ze_ferry_graph_ext.h). With
// no such device, AVAILABLE_DEVICES is empty and the Core leaves NPU out. Called from any thread:
// the settings (sdk::DeviceSettings) and the context registry are thread-safe.
class Plugin final : public IPlugin {
 public:
  Plugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties,
                                                const std::shared_ptr<IRemoteContext>& context) const override;

  void set_property(const AnyMap& properties) override;
  // arguments: DEVICE_ID selects the NPU whose facts are read.
  Any get_property(const std::string& name, const AnyMap& arguments) const override;

  // params: see ContextRegistry::create.
  std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const override;
  std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const override;

  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                               const AnyMap& properties) const override;

  // The driver's answer (its list of ops it cannot run): every other op maps to NPU.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

  const sdk::PropertyTable<Config>& properties() const { return m_properties; }
  int device_queues() const { return m_device_queues; }

 private:
  std::shared_ptr<RemoteContext> default_context(const Config& config) const;

  std::shared_ptr<CopyCounter> m_copies;
  std::shared_ptr<std::atomic<uint64_t>> m_allocated;
  mutable ContextRegistry m_contexts;
  int m_device_queues;
  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::npu::plugin
