#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/support/device_settings.hpp"
#include "ferry/plugin/support/property_table.hpp"

namespace ferry::hetero {

// "HETERO:GPU,CPU": a model no one device runs whole, split over several. Each op goes to the
// first listed device whose query_model supports it (or the device its "affinity" rt_info names);
// connected ops of one device form a subgraph, compiled on that device through the core
// (IPlugin::get_core), as an application would. Its requests run the subgraphs as a pipeline.
// The core hands it "GPU,CPU" as MULTI_DEVICE_PRIORITIES; every property it does not know goes
// to each device.
class Plugin final : public IPlugin {
 public:
  Plugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  // Reads what HeteroCompiledModel::export_model wrote; each subgraph is imported on its device.
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name, const AnyMap& arguments) const override;
  // Each op the devices run, mapped to the device HETERO would run it on.
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

 private:
  // The devices of `config`, each a plain device (not a virtual one); "HETERO:..." in errors.
  std::vector<std::string> devices_of(const Config& config) const;
  std::string full_name(const Config& config) const;

  sdk::PropertyTable<Config> m_properties;
  sdk::DeviceSettings<Config> m_settings;  // thread-safe
};

}  // namespace ferry::hetero
