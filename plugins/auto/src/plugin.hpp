#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::auto_device {

// "AUTO", "AUTO:GPU,CPU", "AUTO:-GPU": chooses the device for a model, through the core
// (IPlugin::get_core) and the SDK only: the first candidate that lists the model's precision and
// supports all of its ops. While that device compiles, CPU runs the first inferences (startup
// fallback); an inference that fails on its device runs on the next one (runtime fallback); with
// CUMULATIVE_THROUGHPUT inferences spread over every candidate. Properties AUTO does not know go
// to its devices, and DEVICE_PROPERTIES ({"CPU": {...}}) to the one it names.
class Plugin final : public IPlugin {
 public:
  Plugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name, const AnyMap& arguments) const override;
  // The ops the device AUTO would choose supports, mapped to that device.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

 private:
  // "AUTO" or "AUTO:GPU,CPU", for messages.
  std::string full_name(const Config& config) const;

  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::auto_device
