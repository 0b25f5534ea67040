#include "compiled_model.hpp"

#include <algorithm>

#include "blob_format.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/runtime/exception.hpp"
#include "infer_request.hpp"
#include "plugin.hpp"

namespace ferry::gpu {
namespace {

std::shared_ptr<threading::ITaskExecutor> make_streams_executor(const Config& config, const std::string& device) {
  return std::make_shared<threading::CPUStreamsExecutor>(
      threading::CPUStreamsExecutor::Config{device + "-stream", config.resolve_streams()});
}

const std::vector<PropertyName>& compiled_model_properties() {
  static const std::vector<PropertyName> names = [] {
    std::vector<PropertyName> result;
    for (const char* name :
         {supported_properties.name(), model_name.name(), optimal_number_of_infer_requests.name(),
          num_streams.name(), ferry::hint::performance_mode.name(), ferry::hint::num_requests.name(),
          ferry::hint::execution_mode.name(), ferry::hint::inference_precision.name(), enable_profiling.name(),
          execution_devices.name(), loaded_from_cache.name(), device::id.name(), ferry::hint::model_priority.name()})
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
                             const std::shared_ptr<DeviceContext>& context, const Config& config,
                             bool loaded_from_cache)
    : ICompiledModel(model, plugin, {}, make_streams_executor(config, plugin->get_device_name())),
      m_config(config),
      m_graph(std::make_shared<CompiledGraph>(model, context)),
      m_loaded_from_cache(loaded_from_cache),
      m_device_name(plugin->get_device_name() + "." + context->entry().id) {
  const int streams = config.resolve_streams();
  for (int i = 0; i < streams; ++i) m_queues.push_back(context->create_queue(config.enable_profiling));
}

cl_command_queue CompiledModel::queue_for_this_thread() const {
  const auto& executor = static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor());
  const int stream = executor.get_stream_id();
  return m_queues.at(stream >= 0 && stream < static_cast<int>(m_queues.size()) ? stream : 0).get();
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
  return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream& blob) const {
  blob_format::write(blob, m_graph->model(), m_config.to_map());
}

void CompiledModel::set_property(const AnyMap& properties) {
  for (const auto& entry : properties) {
    FERRY_ASSERT(!is_compiled_model_property(entry.first), "property '", entry.first, "' of a model compiled for ",
                 m_device_name, " is read-only: it is fixed at compile time");
    Exception::raise("a model compiled for ", m_device_name, " has no property '", entry.first, "'");
  }
}

Any CompiledModel::get_property(const std::string& name) const {
  if (name == supported_properties.name()) return compiled_model_properties();
  if (name == model_name.name()) return m_graph->model()->get_friendly_name();
  const auto streams = static_cast<int>(m_queues.size());
  if (name == num_streams.name()) return streams::Num(streams);
  // One request per stream keeps every queue busy; a second hides the host's share of the work.
  if (name == optimal_number_of_infer_requests.name()) return static_cast<uint32_t>(streams == 1 ? 1 : 2 * streams);
  if (name == execution_devices.name()) return std::vector<std::string>{m_device_name};
  if (name == loaded_from_cache.name()) return m_loaded_from_cache;
  if (is_compiled_model_property(name)) return m_config.get(name);
  Exception::raise("a model compiled for ", m_device_name, " has no property '", name, "'");
}

}  // namespace ferry::gpu
