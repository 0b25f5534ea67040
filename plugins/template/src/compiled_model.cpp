#include "compiled_model.hpp"

#include <algorithm>

#include "blob_format.hpp"
#include "ferry/runtime/exception.hpp"
#include "plugin.hpp"
#include "sync_infer_request.hpp"

namespace ferry::template_plugin {
namespace {

std::shared_ptr<threading::ITaskExecutor> make_streams_executor(const Config& config, const std::string& device) {
  return std::make_shared<threading::CPUStreamsExecutor>(
      threading::CPUStreamsExecutor::Config{device + "-stream", config.resolve_streams()});
}

// Every compiled-model property; all read-only.
const std::vector<PropertyName>& compiled_model_properties() {
  static const std::vector<PropertyName> names = [] {
    std::vector<PropertyName> result;
    for (const char* name : {supported_properties.name(), model_name.name(), optimal_number_of_infer_requests.name(),
                             num_streams.name(), hint::performance_mode.name(), hint::num_requests.name(),
                             hint::execution_mode.name(), hint::inference_precision.name(), enable_profiling.name(),
                             execution_devices.name(), loaded_from_cache.name()})
      result.emplace_back(name, PropertyMutability::RO);
    return result;
  }();
  return names;
}

bool is_compiled_model_property(const std::string& name) {
  const auto& names = compiled_model_properties();
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const std::shared_ptr<RemoteContext>& context, const Config& config,
                             bool loaded_from_cache)
    : ICompiledModel(model, plugin, context, make_streams_executor(config, plugin->get_device_name())),
      m_config(config),
      m_context(context),
      m_plan(model),
      m_loaded_from_cache(loaded_from_cache) {}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
  return std::make_shared<SyncInferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream& blob) const {
  blob_format::write(blob, m_plan.get_model(), m_config.to_map());
}

void CompiledModel::set_property(const AnyMap& properties) {
  for (const auto& entry : properties) {
    FERRY_ASSERT(!is_compiled_model_property(entry.first), "property '", entry.first, "' of a model compiled for ",
                 get_plugin()->get_device_name(), " is read-only: it is fixed at compile time");
    Exception::raise("a model compiled for ", get_plugin()->get_device_name(), " has no property '", entry.first, "'");
  }
}

Any CompiledModel::get_property(const std::string& name) const {
  if (name == supported_properties.name()) return compiled_model_properties();
  if (name == model_name.name()) return m_plan.get_model()->get_friendly_name();
  const auto& streams = static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor());
  if (name == num_streams.name()) return streams::Num(streams.get_streams_num());
  // One request per stream keeps every stream busy.
  if (name == optimal_number_of_infer_requests.name()) return static_cast<uint32_t>(streams.get_streams_num());
  if (name == execution_devices.name()) return std::vector<std::string>{get_plugin()->get_device_name()};
  if (name == loaded_from_cache.name()) return m_loaded_from_cache;
  if (is_compiled_model_property(name)) return m_config.get(name);
  Exception::raise("a model compiled for ", get_plugin()->get_device_name(), " has no property '", name, "'");
}

}  // namespace ferry::template_plugin
