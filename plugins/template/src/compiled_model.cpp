#include "compiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/streams_executor.hpp"
#include "plugin.hpp"
#include "sync_infer_request.hpp"

namespace ferry::template_plugin {

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const std::shared_ptr<RemoteContext>& context, const Config& config,
                             bool loaded_from_cache)
    : ICompiledModel(model, plugin, context,
                     sdk::make_streams_executor(plugin->get_device_name(), config.resolve_streams())),
      m_config(config),
      m_context(context),
      m_plan(model),
      m_loaded_from_cache(loaded_from_cache),
      m_properties(sdk::compiled_model_owner([this] { return get_plugin()->get_device_name(); })) {
  const auto& streams = static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor());
  const int streams_num = streams.get_streams_num();
  m_properties
      .read_only(model_name, [this] { return m_plan.get_model()->get_friendly_name(); })
      // One request per stream keeps every stream busy.
      .read_only(optimal_number_of_infer_requests, [streams_num] { return static_cast<uint32_t>(streams_num); })
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
      .add_model(m_plan.get_model())
      .add_settings(static_cast<const Plugin&>(*get_plugin()).properties().settings_of(m_config))
      .write(blob);
}

void CompiledModel::set_property(const AnyMap& properties) {
  Config fixed = m_config;
  m_properties.set(fixed, properties);  // every key is read-only or unknown: this throws
}

Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name, m_config); }

}  // namespace ferry::template_plugin
