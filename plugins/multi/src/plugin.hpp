#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::multi {

// "MULTI:A,B": compiles the model on every listed device, through the core (IPlugin::get_core),
// and hands out infer requests from them in turn, so concurrent requests run on all of them. The
// core hands it "A,B" as MULTI_DEVICE_PRIORITIES; every other property goes to each device. It
// needs nothing of its devices beyond compiling: no remote context, no export.
class Plugin final : public IPlugin {
 public:
  Plugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name, const AnyMap& arguments) const override;
  // The ops every device supports, mapped to the first device that lists them.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

 private:
  // The devices of `config`, each a plain device (not a virtual one).
  std::vector<std::string> devices_of(const Config& config) const;

  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::multi
