#include "compiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/plugin/support/streams_executor.hpp"
#include "plugin.hpp"
#include "sync_infer_request.hpp"

namespace ferry::npu::plugin {
namespace {

constexpr const char* kNativeField = "native";

// The graph of an imported blob, or null when the driver refuses the blob's native graph.
std::unique_ptr<Graph> load_native(const std::shared_ptr<const ContextHandle>& context, const sdk::ExportReader* blob) {
  if (!blob || !blob->has(kNativeField)) return nullptr;
  return Graph::load(context, blob->field(kNativeField));
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const std::shared_ptr<RemoteContext>& context, const Config& config,
                             const sdk::ExportReader* blob)
    : ICompiledModel(
          model, plugin, context,
          sdk::make_streams_executor(plugin->get_device_name(), config.resolve_streams(plugin->device_queues()))),
      m_model(model),
      m_config(config),
      m_context(context),
      m_properties(sdk::compiled_model_owner([this] { return get_plugin()->get_device_name(); })) {
  for (const auto& parameter : model->get_parameters()) {
    FERRY_ASSERT(parameter->get_output_partial_shape(0).is_static(), get_plugin()->get_device_name(),
                 " cannot compile model '", model->get_friendly_name(), "': input '", parameter->get_friendly_name(),
                 "' has the dynamic shape ", parameter->get_output_partial_shape(0),
                 "; NPU graphs have static shapes (reshape the model first)");
  }
  m_graph = load_native(context->handle(), blob);
  m_loaded_from_cache = m_graph != nullptr;
  if (!m_graph) m_graph = Graph::compile(context->handle(), model);

  const auto& streams = static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor());
  const int streams_num = streams.get_streams_num();
  for (int i = 0; i < streams_num; ++i)
    m_queues.push_back(std::make_unique<CommandQueue>(context->handle(), static_cast<uint32_t>(i)));

  m_properties
      .read_only(model_name, [this] { return m_model->get_friendly_name(); })
      // Two requests per stream: one binds and submits while the other runs.
      .read_only(optimal_number_of_infer_requests, [streams_num] { return static_cast<uint32_t>(2 * streams_num); })
      .read_only(num_streams, [streams_num] { return streams::Num(streams_num); })
      .read_only(execution_devices, [this] { return std::vector<std::string>{get_plugin()->get_device_name()}; })
      .read_only(ferry::loaded_from_cache, [this] { return m_loaded_from_cache; })
      .report_settings(plugin->properties());
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
  return std::make_shared<SyncInferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream& blob) const {
  sdk::ExportWriter(kExportFormat)
      .add(kNativeField, m_graph->native_binary())
      .add_model(m_model)
      .add_settings(static_cast<const Plugin&>(*get_plugin()).properties().settings_of(m_config))
      .write(blob);
}

void CompiledModel::set_property(const AnyMap& properties) {
  Config fixed = m_config;
  m_properties.set(fixed, properties);  // every key is read-only or unknown: this throws
}

Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name, m_config); }

}  // namespace ferry::npu::plugin
