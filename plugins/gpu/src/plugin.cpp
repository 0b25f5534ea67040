#include "plugin.hpp"

#include <algorithm>

#include "blob_format.hpp"
#include "compiled_model.hpp"
#include "engine/batch_size.hpp"
#include "engine/compiled_graph.hpp"
#include "engine/onednn_interop.hpp"
#include "engine/queue_hints.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/own_context.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::gpu::Plugin)

namespace ferry::gpu {
namespace {}  // namespace

Plugin::Plugin(OfflineCompiler offline)
    : m_contexts(std::move(offline)),
      m_registry("GPU", m_contexts),
      m_properties(sdk::device_owner([this] { return get_device_name(); })),
      m_settings(m_properties) {
  set_device_name("GPU");
  set_version({::ferry::get_version().buildNumber + "-blob" + std::to_string(blob_format::kExportFormat.version),
               "Ferry GPU plugin (OpenCL)"});
  declare_properties();
}

void Plugin::declare_properties() {
  sdk::BaseRules rules;
  rules.max_streams = kMaxStreams;
  // f16: half storage wherever a kernel has it (precision_pass.hpp). Any other type would be a
  // promise the kernels do not keep: refusing beats a silent f32.
  rules.precisions = {element::f32, element::f16};
  rules.device_ids = [this] { return device_ids(); };
  sdk::add_model_argument(sdk::add_base_settings(m_properties, rules))
      .setting(
          ferry::compilation_num_threads, &Config::compilation_num_threads,
          [](int32_t threads) { FERRY_ASSERT(threads >= 1, "expected a number of threads >= 1"); },
          sdk::Reach::kPluginOnly)
      .setting(hint::host_task_priority, &Config::host_task_priority)
      .setting(
          hint::queue_priority, [](const Config& config) { return config.effective_queue_priority(); },
          [](Config& config, ferry::hint::Priority priority) {
            config.queue_priority = priority;
            config.queue_priority_set = true;
          },
          sdk::Reach::kPluginOnly)
      .setting(hint::queue_throttle, &Config::queue_throttle, nullptr, sdk::Reach::kPluginOnly)
      .setting(gpu::enable_loop_unrolling, &Config::enable_loop_unrolling, nullptr, sdk::Reach::kPluginOnly)
      .setting(
          opencl_device_types, &Config::opencl_device_types,
          [](const std::string& types) { DeviceTypeSelection::parse(types); }, sdk::Reach::kPluginOnly);

  m_properties.read_only(available_devices, [this] { return device_ids(); })
      .read_only(range_for_streams,
                 [] {
                   return std::tuple<unsigned, unsigned>{1u, unsigned(kMaxStreams)};
                 })
      .read_only(range_for_async_infer_requests,
                 [] {
                   return std::tuple<unsigned, unsigned, unsigned>{1u, unsigned(2 * kMaxStreams), 1u};
                 })
      .read_only(device::full_name, [this](const AnyMap& arguments) { return device_of(arguments).info.full_name(); })
      .read_only(device::architecture,
                 [this](const AnyMap& arguments) {
                   const DeviceInfo& info = device_of(arguments).info;
                   return info.platform_name + ": " + info.name;
                 })
      .read_only(opencl_device_type,
                 [this](const AnyMap& arguments) {
                   const cl_device_type type = device_of(arguments).info.type;
                   return std::string((type & CL_DEVICE_TYPE_GPU)   ? "GPU"
                                      : (type & CL_DEVICE_TYPE_CPU) ? "CPU"
                                                                    : "ACCELERATOR");
                 })
      .read_only(device::type,
                 [this](const AnyMap& arguments) {
                   return device_of(arguments).info.host_unified_memory ? device::Type::INTEGRATED
                                                                        : device::Type::DISCRETE;
                 })
      .read_only(device::gops,
                 [this](const AnyMap& arguments) {
                   return std::map<element::Type, float>{{element::f32, device_of(arguments).info.estimated_gflops()}};
                 })
      .read_only(device::capabilities,
                 [this](const AnyMap& arguments) {
                   std::vector<std::string> capabilities{device::capability::FP32};
                   if (device_of(arguments).info.has_extension("cl_khr_fp16"))
                     capabilities.push_back(device::capability::FP16);
                   capabilities.push_back(device::capability::EXPORT_IMPORT);
                   return capabilities;
                 })
      .read_only(device_total_mem_size,
                 [this](const AnyMap& arguments) { return uint64_t(device_of(arguments).info.global_mem_size); })
      .read_only(uarch_version, [this](const AnyMap& arguments) { return device_of(arguments).info.uarch_version; })
      .read_only(execution_units_count,
                 [this](const AnyMap& arguments) { return device_of(arguments).info.execution_units; })
      .read_only(queue_priority_applied,
                 [this](const AnyMap& arguments) { return applies_queue_priority(device_of(arguments).info); })
      .read_only(queue_throttle_applied,
                 [this](const AnyMap& arguments) { return applies_queue_throttle(device_of(arguments).info); })
      // Batch sizes judge a model (the MODEL_PTR argument); without one, 1: the model as given.
      .read_only(optimal_batch_size,
                 [this](const AnyMap& arguments) {
                   const auto model = sdk::model_of(arguments);
                   return model ? optimal_batch_for(analyse_footprint(*model), device_of(arguments).info) : 1u;
                 })
      .read_only(max_batch_size,
                 [this](const AnyMap& arguments) {
                   const auto model = sdk::model_of(arguments);
                   return model ? max_batch_for(analyse_footprint(*model), device_of(arguments).info.global_mem_size)
                                : uint32_t(1);
                 })
      .read_only(onednn_engine,
                 [this](const AnyMap& arguments) { return std::string(onednn_verdict(arguments).engine_name()); })
      .read_only(onednn_refusal, [this](const AnyMap& arguments) { return onednn_verdict(arguments).reason; })
      .read_only(memory_statistics,
                 [this](const AnyMap& arguments) { return m_contexts.counters(device_of(arguments).id)->statistics(); })
      .read_only(copied_bytes,
                 [this](const AnyMap& arguments) {
                   return static_cast<uint64_t>(m_contexts.counters(device_of(arguments).id)->copied.load());
                 })
      .read_only(device_copied_bytes, [this](const AnyMap& arguments) {
        return static_cast<uint64_t>(m_contexts.counters(device_of(arguments).id)->device_copied.load());
      });
}

std::vector<DeviceEntry> Plugin::devices() const {
  const std::string types = m_settings.get().opencl_device_types;
  std::lock_guard<std::mutex> lock(m_mutex);
  if (!m_devices) m_devices = enumerate_devices(DeviceTypeSelection::parse(types));
  return *m_devices;  // a copy: set_property may enumerate again meanwhile
}

std::vector<std::string> Plugin::device_ids() const {
  std::vector<std::string> ids;
  for (const auto& entry : devices()) ids.push_back(entry.id);
  return ids;
}

DeviceEntry Plugin::device(const std::string& id) const {
  const std::vector<DeviceEntry> entries = devices();
  FERRY_ASSERT(!entries.empty(), "device '", get_device_name(),
               "': no OpenCL device found (no OpenCL platform, or none with a device of the types '",
               m_settings.get().opencl_device_types, "')");
  std::string list;
  for (const auto& entry : entries) {
    if (entry.id == id) return entry;
    list += (list.empty() ? "" : ", ") + entry.id;
  }
  Exception::raise("device '", get_device_name(), "' has no device id '", id, "' (AVAILABLE_DEVICES: ", list, ")");
}

OneDnnVerdict Plugin::onednn_verdict(const AnyMap& arguments) const {
  return OneDnnDetector::instance().verdict(*m_registry.get_default(device_of(arguments))->device_context());
}

DeviceEntry Plugin::device_of(const AnyMap& arguments) const {
  return device(sdk::device_id_of(arguments, m_settings.get()));
}

void Plugin::set_property(const AnyMap& properties) {
  m_settings.set(properties, [this](const Config& before, const Config& after) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (before.opencl_device_types != after.opencl_device_types) {
      m_devices.reset();   // enumerate again
      m_registry.reset();  // new default contexts (models keep theirs)
    }
  });
}

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::shared_ptr<CompiledModel> Plugin::compile(const std::shared_ptr<const Model>& model, Config config,
                                               std::shared_ptr<RemoteContext> remote, bool loaded_from_cache) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  if (!remote) remote = m_registry.get_default(device(config.device_id));
  config.device_id = remote->device_context()->entry().id;
  const auto& context = remote->device_context();
  // The compiled model owns a private copy: later edits of the caller's model do not reach it.
  std::shared_ptr<const Model> own_model = model->clone();
  const auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
  // COMPILATION_NUM_THREADS and GPU_ENABLE_LOOP_UNROLLING reach the programs this compile builds.
  ProgramBuildScope builds(context->programs(), {config.compilation_num_threads, config.enable_loop_unrolling});
  auto compiled = std::make_shared<CompiledModel>(own_model, self, remote, config, loaded_from_cache);
  builds.finish();
  return compiled;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  return compile(model, m_settings.with(properties), nullptr, false);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties,
                                                      const std::shared_ptr<IRemoteContext>& context) const {
  return compile(model, m_settings.with(properties), sdk::own_context<RemoteContext>(*this, context), false);
}

std::shared_ptr<IRemoteContext> Plugin::create_context(const AnyMap& params) const {
  const auto id = params.find("DEVICE_ID");
  std::optional<DeviceEntry> requested;
  if (id != params.end()) requested = device(id->second.as<std::string>());
  return m_registry.create(params, devices(), requested);
}

std::shared_ptr<IRemoteContext> Plugin::get_default_context(const AnyMap& params) const {
  return m_registry.get_default(device_of(params));
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const AnyMap& properties) const {
  return import(blob, properties, nullptr);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                                     const AnyMap& properties) const {
  return import(blob, properties, sdk::own_context<RemoteContext>(*this, context));
}

std::shared_ptr<ICompiledModel> Plugin::import(std::istream& blob, const AnyMap& properties,
                                               std::shared_ptr<RemoteContext> context) const {
  blob_format::Contents contents = blob_format::read(blob, get_device_name());
  Config config = m_settings.get();
  m_properties.set(config, contents.settings);
  m_properties.set(config, properties);
  if (!context) context = m_registry.get_default(device(config.device_id));
  // The exported programs: the compile below makes them from these binaries, not from source.
  context->device_context()->programs().add_binaries(contents.programs);
  return compile(contents.model, config, context, true);
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  m_settings.with(properties);  // refuses bad properties as compile_model would
  SupportedOpsMap supported;
  for (const auto& node : model->get_ordered_ops())
    if (CompiledGraph::unsupported_reason(*node).empty()) supported[node->get_friendly_name()] = get_device_name();
  return supported;
}

}  // namespace ferry::gpu
