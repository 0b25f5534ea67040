#include "batch_device.hpp"

#include "batch_compiled_model.hpp"
#include "batch_model.hpp"
#include "core_impl.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/value/properties.hpp"

namespace ferry {
namespace {

constexpr uint32_t kDefaultTimeoutMs = 1000;

// N from the device when the name gives none: the device judges this model (MODEL_PTR).
size_t optimal_batch_of(const CoreImpl& core, const std::shared_ptr<const Model>& model, const DeviceName& device,
                        const DeviceName& target) {
  unsigned batch = 0;
  std::string cause = "it reports 0";
  try {
    batch = core.get_plugin(target.base)
                .plugin->get_property(optimal_batch_size.name(), with_device_id(target, {hint::model(model)}))
                .as<unsigned>();
  } catch (const std::exception& e) {
    cause = e.what();
  }
  FERRY_ASSERT(batch > 0, "device '", device.full_name(), "': device '", target.full_name(),
               "' reports no OPTIMAL_BATCH_SIZE (", cause, "); give the batch size: 'BATCH:", target.full_name(),
               "(4)'");
  return batch;
}

}  // namespace

CompiledModel compile_batch_device(const CoreImpl& core, const std::shared_ptr<const Model>& model,
                                   const DeviceName& device, const AnyMap& properties) {
  const std::string name = device.full_name();
  FERRY_ASSERT(device.targets.size() == 1, "device '", name, "': BATCH takes exactly one device");
  const DeviceName target = DeviceName::parse(device.targets.front());
  FERRY_ASSERT(!target.is_virtual(), "device '", name, "': BATCH cannot run on virtual device '",
               device.targets.front(), "'");

  AnyMap device_properties = properties;
  uint32_t timeout_ms = kDefaultTimeoutMs;
  if (auto found = device_properties.find(auto_batch_timeout.name()); found != device_properties.end()) {
    timeout_ms = parse_timeout(found->second, name);
    device_properties.erase(found);
  }

  LoadedPlugin plugin;
  try {
    plugin = core.get_plugin(target.base);
  } catch (const Exception& e) {
    Exception::raise("device '", name, "': ", e.what());
  }
  const size_t batch =
      device.batch > 0 ? static_cast<size_t>(device.batch) : optimal_batch_of(core, model, device, target);

  check_batchable_model(*model, name);
  std::shared_ptr<const Model> batched_model = make_batched_model(*model, batch, name);
  CompiledModel batched, single;
  try {
    batched = core.compile(batched_model, target, device_properties);
    single = core.compile(model, target, device_properties);
  } catch (const Exception& e) {
    Exception::raise("device '", name, "': compiling for '", target.full_name(), "' failed: ", e.what());
  }
  // The ports are a private copy's: later edits of the caller's model do not reach them.
  auto impl = std::make_shared<BatchCompiledModel>(model->clone(), name, batch, std::move(batched), std::move(single),
                                                   timeout_ms);
  return CompiledModel(impl, {plugin.library});
}

}  // namespace ferry
