#include "loop_plugin.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/value/properties.hpp"
#include "loop_compiled_model.hpp"

// The entry point the Core looks up when plugins.xml names this library.
FERRY_DEFINE_PLUGIN(loop_device::LoopPlugin)

namespace loop_device {

LoopPlugin::LoopPlugin() {
  set_device_name("LOOP");  // the Core renames it to the name plugins.xml registers
  set_version({"1.0.0", "Ferry out-of-tree example plugin"});
}

std::shared_ptr<ferry::ICompiledModel> LoopPlugin::compile_model(const std::shared_ptr<const ferry::Model>& model,
                                                                 const ferry::AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), ": the model is null");
  for (const auto& property : properties)
    FERRY_ASSERT(property.first == ferry::device::id.name(), get_device_name(), " has no setting '", property.first,
                 "'");
  return std::make_shared<LoopCompiledModel>(model->clone(),
                                             std::static_pointer_cast<const LoopPlugin>(shared_from_this()));
}

void LoopPlugin::set_property(const ferry::AnyMap& properties) {
  if (!properties.empty())
    ferry::Exception::raise(get_device_name(), " has no settable property (got '", properties.begin()->first, "')");
}

ferry::Any LoopPlugin::get_property(const std::string& name, const ferry::AnyMap&) const {
  if (name == ferry::supported_properties.name())
    return std::vector<ferry::PropertyName>{ferry::supported_properties, ferry::available_devices,
                                            ferry::device::full_name, ferry::device::capabilities};
  if (name == ferry::available_devices.name()) return std::vector<std::string>{"0"};
  if (name == ferry::device::full_name.name()) return std::string("Loop example device (CPU loops)");
  if (name == ferry::device::capabilities.name()) return std::vector<std::string>{ferry::device::capability::FP32};
  ferry::Exception::raise("device '", get_device_name(), "' has no property '", name, "'");
}

ferry::SupportedOpsMap LoopPlugin::query_model(const std::shared_ptr<const ferry::Model>& model,
                                               const ferry::AnyMap&) const {
  ferry::SupportedOpsMap supported;
  for (const auto& node : model->get_ordered_ops())
    if (loop_supports(*node)) supported[node->get_friendly_name()] = get_device_name();
  return supported;
}

}  // namespace loop_device
