#include "compiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/cpu/properties.hpp"
#include "ferry/plugin/support/streams_executor.hpp"
#include "plugin.hpp"
#include "sync_infer_request.hpp"

namespace ferry::cpu_plugin {
namespace {

std::shared_ptr<threading::ITaskExecutor> make_streams(const Config& config, const std::string& device) {
  return sdk::make_streams_executor(device, config.resolve_streams(), 0, config.stream_cpus());
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config, bool loaded_from_cache)
    : ICompiledModel(model, plugin, {}, make_streams(config, plugin->get_device_name())),
      m_model(model),
      m_config(config),
      m_graphs(model, config.threads_per_stream(), config.matrix_precision(),
               static_cast<size_t>(config.runtime_cache_capacity)),
      m_loaded_from_cache(loaded_from_cache),
      m_properties(sdk::compiled_model_owner([this] { return get_plugin()->get_device_name(); })) {
  // The CPUs come from the process's own affinity, but the OS may still refuse them (the
  // affinity narrowed since the plugin read it, a sandbox): the streams then run unpinned, as
  // OpenVINO's do, and the compiled model's ENABLE_CPU_PINNING says so.
  if (!static_cast<const threading::CPUStreamsExecutor&>(*get_task_executor()).pinning_applied())
    m_config.enable_cpu_pinning = false;
  const int streams = config.resolve_streams();
  const int threads = streams * config.threads_per_stream();
  m_properties
      .read_only(model_name, [this] { return m_model->get_friendly_name(); })
      // One request per stream keeps every stream busy.
      .read_only(optimal_number_of_infer_requests, [streams] { return static_cast<uint32_t>(streams); })
      .read_only(num_streams, [streams] { return streams::Num(streams); })
      .read_only(inference_num_threads, [threads] { return static_cast<int32_t>(threads); })
      .read_only(execution_devices, [this] { return std::vector<std::string>{get_plugin()->get_device_name()}; })
      .read_only(ferry::loaded_from_cache, [this] { return m_loaded_from_cache; })
      .read_only(cpu::compiled_shapes, [this] { return m_graphs.compiled_shapes(); })
      .report_settings(plugin->properties());
}

const Plugin& CompiledModel::cpu_plugin() const { return static_cast<const Plugin&>(*get_plugin()); }

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
  return std::make_shared<SyncInferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream& blob) const {
  sdk::ExportWriter(kExportFormat)
      .add_model(m_model)
      .add_settings(cpu_plugin().properties().settings_of(m_config))
      .write(blob);
}

void CompiledModel::set_property(const AnyMap& properties) {
  Config fixed = m_config;
  m_properties.set(fixed, properties);  // every key is read-only or unknown: this throws
}

Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name, m_config); }

}  // namespace ferry::cpu_plugin
