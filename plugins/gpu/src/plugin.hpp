#pragma once

// The GPU device: OpenCL through the ICD loader. Devices are enumerated on first use (and again
// when GPU_OPENCL_DEVICE_TYPES changes); each gets one OpenCL context, shared by its compiled
// models. The core calls the plugin from any thread: the settings are sdk::DeviceSettings, the
// device list is guarded by a mutex.

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "config.hpp"
#include "context_registry.hpp"
#include "engine/device_context.hpp"
#include "engine/device_enumerator.hpp"
#include "engine/onednn_interop.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::gpu {

class CompiledModel;

class Plugin final : public IPlugin {
 public:
  // `offline`: how the kernels are compiled (program_cache.hpp); empty (the plugin as loaded by
  // the Core): by the OpenCL driver.
  explicit Plugin(OfflineCompiler offline = {});

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  // Every property is declared once, in the table the constructor builds: the settings of
  // Config, read-write, and the device's facts, read-only. Read-only and unknown keys throw.
  void set_property(const AnyMap& properties) override;
  // arguments: DEVICE_ID may name the device the device properties describe; MODEL_PTR the model
  // the batch-size properties judge.
  Any get_property(const std::string& name, const AnyMap& arguments) const override;
  // For `context` (a GPU RemoteContext): its device, OpenCL context, memory and shared queue.
  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties,
                                                const std::shared_ptr<IRemoteContext>& context) const override;
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                               const AnyMap& properties) const override;
  // Contexts: remote_properties.hpp's parameters (context_registry.hpp); DEVICE_ID picks the device.
  std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const override;
  std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const override;
  // The ops CompiledGraph::unsupported_reason accepts map to this device; the others are absent.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

  // The device's properties; compiled models report the settings that reach them from it.
  const sdk::PropertyTable<Config>& properties() const { return m_properties; }

 private:
  // The enumerated devices (enumerated on first use and after GPU_OPENCL_DEVICE_TYPES changes).
  std::vector<DeviceEntry> devices() const;
  std::vector<std::string> device_ids() const;
  // The device `id` names; throws listing the available ones (or saying there is none).
  DeviceEntry device(const std::string& id) const;
  // The device a get_property call describes: its DEVICE_ID argument, else the DEVICE_ID setting.
  DeviceEntry device_of(const AnyMap& arguments) const;
  // Whether oneDNN accepts the device of `arguments` (DEVICE_ID), asked on its default context.
  OneDnnVerdict onednn_verdict(const AnyMap& arguments) const;
  // Declares every property of the device (the constructor's table).
  void declare_properties();
  // `context` null: the default context of config.device_id.
  std::shared_ptr<CompiledModel> compile(const std::shared_ptr<const Model>& model, Config config,
                                         std::shared_ptr<RemoteContext> context, bool loaded_from_cache) const;
  std::shared_ptr<ICompiledModel> import(std::istream& blob, const AnyMap& properties,
                                         std::shared_ptr<RemoteContext> context) const;

  mutable std::mutex m_mutex;                                 // m_devices
  mutable std::optional<std::vector<DeviceEntry>> m_devices;  // enumerated on first use
  mutable ContextPool m_contexts;
  mutable ContextRegistry m_registry;  // over m_contexts
  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::gpu
