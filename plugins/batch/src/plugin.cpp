#include "plugin.hpp"

#include "batch_model.hpp"
#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/plugin/support/virtual_device.hpp"
#include "ferry/value/properties.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::batch::Plugin)

namespace ferry::batch {
namespace {

// N from the device when the name gives none: the device judges this model (MODEL_PTR).
size_t optimal_batch_of(const ICore& core, const std::shared_ptr<const Model>& model, const std::string& name,
                        const sdk::DeviceName& target) {
  unsigned batch = 0;
  std::string cause = "it reports 0";
  try {
    batch = core.get_property(target.full_name(), optimal_batch_size.name(), {hint::model(model)}).as<unsigned>();
  } catch (const std::exception& e) {
    cause = e.what();
  }
  FERRY_ASSERT(batch > 0, "device '", name, "': device '", target.full_name(), "' reports no OPTIMAL_BATCH_SIZE (",
               cause, "); give the batch size: 'BATCH:", target.full_name(), "(4)'");
  return batch;
}

// The device BATCH runs on, from its priorities ("GPU(8)").
sdk::DeviceName target_of(const std::string& plugin_name, const Config& config, sdk::DeviceName& whole) {
  whole = sdk::DeviceName::from_priorities(plugin_name, config.priorities);
  const std::string name = whole.full_name();
  FERRY_ASSERT(whole.targets.size() == 1, "device '", name, "': BATCH takes exactly one device");
  const sdk::DeviceName target = sdk::DeviceName::parse(whole.targets.front());
  FERRY_ASSERT(!target.is_virtual(), "device '", name, "': BATCH cannot run on virtual device '", whole.targets.front(),
               "'");
  return target;
}

}  // namespace

Plugin::Plugin() : m_properties(sdk::device_owner([this] { return get_device_name(); })), m_settings(m_properties) {
  set_device_name("BATCH");  // the core renames it to the name it was registered under
  set_version({::ferry::get_version().buildNumber, "Ferry automatic batching"});
  sdk::declare_virtual_device(m_properties, "Automatic batching over another device")
      .setting(auto_batch_timeout, &Config::timeout_ms, nullptr, sdk::Reach::kPluginOnly)
      .read_only(device::capabilities, [this](const AnyMap& arguments) {
        // Its device's ("BATCH:GPU(4)" names it; else the setting).
        Config config = m_settings.get();
        config.priorities = sdk::priorities_of(arguments, config.priorities);
        if (config.priorities.empty()) return std::vector<std::string>{};
        sdk::DeviceName whole;
        return sdk::common_capabilities(*get_core(), {target_of(get_device_name(), config, whole).full_name()});
      });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  auto [config, device_properties] = m_settings.with_own(properties);
  // The device compiles what BATCH gives it as it is: no automatic batching of its own.
  device_properties[hint::allow_auto_batching.name()] = false;
  sdk::DeviceName whole;
  const sdk::DeviceName target = target_of(get_device_name(), config, whole);
  const std::string name = whole.full_name();
  const auto core = get_core();
  const size_t batch =
      whole.batch > 0 ? static_cast<size_t>(whole.batch) : optimal_batch_of(*core, model, name, target);

  check_batchable_model(*model, name);
  std::shared_ptr<const Model> batched_model = make_batched_model(*model, batch, name);
  SoPtr<ICompiledModel> batched, single;
  try {
    batched = core->compile_model(batched_model, target.full_name(), device_properties);
    single = core->compile_model(model, target.full_name(), device_properties);
  } catch (const Exception& e) {
    Exception::raise("device '", name, "': compiling for '", target.full_name(), "' failed: ", e.what());
  }
  // The ports are a private copy's: later edits of the caller's model do not reach them.
  return std::make_shared<BatchCompiledModel>(model->clone(), shared_from_this(), name, batch, std::move(batched),
                                              std::move(single), config.timeout_ms);
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  const auto [config, device_properties] = m_settings.with_own(properties);
  sdk::DeviceName whole;
  const sdk::DeviceName target = target_of(get_device_name(), config, whole);
  return get_core()->query_model(model, target.full_name(), device_properties);
}

}  // namespace ferry::batch
