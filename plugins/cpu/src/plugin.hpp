#pragma once

#include <atomic>
#include <memory>

#include "config.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::cpu_plugin {

class CompiledModel;

// The CPU device: models compiled once into the CPU engine's oneDNN primitives
// (plugins/cpu/src/engine), with the reference kernels for the ops oneDNN does not have, run on
// streams of the host's cores. Like OpenVINO's CPU device it has no remote contexts: its
// tensors are host memory. The core creates one per registered device name and calls it from
// any thread: the settings (sdk::DeviceSettings) and everything else are immutable or thread-safe.
class Plugin final : public IPlugin {
 public:
  Plugin();

  // The context forms: the IPlugin defaults, which refuse naming the device.
  using IPlugin::compile_model;
  using IPlugin::import_model;

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;

  void set_property(const AnyMap& properties) override;
  // arguments: DEVICE_ID may name the device ("0"); nothing else is accepted.
  Any get_property(const std::string& name, const AnyMap& arguments) const override;

  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const override;

  // Every op with a kernel (oneDNN's or a reference one) maps to this device.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

  const sdk::PropertyTable<Config>& properties() const { return m_properties; }
  // Bytes the engine copied during inferences (CPU_COPIED_BYTES); compiled models add to it.
  std::atomic<uint64_t>& copied() const { return *m_copied; }

 private:
  std::shared_ptr<CompiledModel> compile(const std::shared_ptr<const Model>& model, const Config& config,
                                         bool loaded_from_cache) const;

  std::shared_ptr<std::atomic<uint64_t>> m_copied;
  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::cpu_plugin
