#include "virtual_devices.hpp"

#include "batch_device.hpp"
#include "core_impl.hpp"
#include "ferry/base/exception.hpp"
#include "multi_compiled_model.hpp"

namespace ferry {

CompiledModel compile_virtual_device(const CoreImpl& core, const std::shared_ptr<const Model>& model,
                                     const DeviceName& device, const AnyMap& properties) {
  if (device.base == "MULTI") {
    std::vector<CompiledModel> compiled;
    std::vector<std::shared_ptr<void>> libraries;
    for (const std::string& target : device.targets) {
      const DeviceName parsed = DeviceName::parse(target);
      FERRY_ASSERT(!parsed.is_virtual(), "device '", device.full_name(), "': MULTI cannot contain virtual device '",
                   target, "'");
      compiled.push_back(core.compile(model, parsed, properties));
      libraries.push_back(core.get_plugin(parsed.base).library);
    }
    auto impl = std::make_shared<MultiCompiledModel>(model, device.targets, std::move(compiled));
    return CompiledModel(impl, libraries);
  }
  if (device.base == "BATCH") return compile_batch_device(core, model, device, properties);
  Exception::raise("device '", device.full_name(), "': virtual device '", device.base,
                   "' is not available (the core provides MULTI and BATCH)");
}

}  // namespace ferry
