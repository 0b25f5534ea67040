#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::batch {

// Automatic batching, "BATCH:DEVICE(N)" (or "BATCH:DEVICE", N from the device's
// OPTIMAL_BATCH_SIZE for the model): compiles a model whose inputs and outputs have batch 1 on
// dim 0 for DEVICE at batch N and at batch 1, through the core (IPlugin::get_core), and returns a
// compiled model with the user's batch-1 ports whose requests are batched N at a time (see
// BatchCollector). The core hands it DEVICE(N) as MULTI_DEVICE_PRIORITIES; AUTO_BATCH_TIMEOUT
// (ms, default 1000) is its own; every other property goes to DEVICE.
class Plugin final : public IPlugin {
 public:
  Plugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name, const AnyMap& arguments) const override;
  // What DEVICE supports (BATCH runs nothing itself).
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

 private:
  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::batch
