#include "plugin.hpp"

#include <algorithm>

#include "batch_size.hpp"
#include "blob_format.hpp"
#include "compiled_graph.hpp"
#include "compiled_model.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/runtime/exception.hpp"
#include "queue_hints.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::gpu::Plugin)

namespace ferry::gpu {
namespace {

const std::vector<PropertyName>& read_only_properties() {
  static const std::vector<PropertyName> names = {
      supported_properties,  available_devices,      device::full_name,
      device::type,          device::gops,           device::capabilities,
      device::architecture,  range_for_streams,      range_for_async_infer_requests,
      device_total_mem_size, uarch_version,          execution_units_count,
      memory_statistics,     copied_bytes,           optimal_batch_size,
      max_batch_size,        queue_priority_applied, queue_throttle_applied,
  };
  return names;
}

bool is_read_only(const std::string& name) {
  const auto& names = read_only_properties();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The MODEL_PTR argument of a device query, as const or mutable model (null when absent).
std::shared_ptr<const Model> model_argument(const Any& value, const std::string& device) {
  if (value.is<std::shared_ptr<const Model>>()) return value.as<std::shared_ptr<const Model>>();
  if (value.is<std::shared_ptr<Model>>()) return value.as<std::shared_ptr<Model>>();
  Exception::raise("device '", device, "': argument '", hint::model.name(), "' holds a ", value.type_name(),
                   ", expected a std::shared_ptr<const ferry::Model>");
}

}  // namespace

Plugin::Plugin(OfflineCompiler offline) : m_contexts(std::move(offline)) {
  set_device_name("GPU");
  set_version({::ferry::get_version().buildNumber + "-blob" + std::to_string(blob_format::kFormatVersion),
               "Ferry GPU plugin (OpenCL)"});
}

std::vector<std::string> Plugin::device_ids() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (!m_devices) m_devices = enumerate_devices(DeviceTypeSelection::parse(m_device_types));
  std::vector<std::string> ids;
  for (const auto& entry : *m_devices) ids.push_back(entry.id);
  return ids;
}

DeviceEntry Plugin::device(const std::string& id) const {
  const std::vector<std::string> ids = device_ids();
  FERRY_ASSERT(!ids.empty(), "device '", get_device_name(),
               "': no OpenCL device found (no OpenCL platform, or none with a device of the types '", m_device_types,
               "')");
  std::lock_guard<std::mutex> lock(m_mutex);
  for (const auto& entry : *m_devices)
    if (entry.id == id) return entry;
  std::string list;
  for (const auto& known : ids) list += (list.empty() ? "" : ", ") + known;
  Exception::raise("device '", get_device_name(), "' has no device id '", id, "' (AVAILABLE_DEVICES: ", list, ")");
}

Config Plugin::config_with(const AnyMap& properties) const {
  const std::vector<std::string> ids = device_ids();
  Config config;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    config = m_config;
  }
  config.set(properties, get_device_name(), ids);
  return config;
}

void Plugin::set_property(const AnyMap& properties) {
  AnyMap settings;
  for (const auto& [key, value] : properties) {
    FERRY_ASSERT(!is_read_only(key), "property '", key, "' of device '", get_device_name(), "' is read-only");
    if (key == opencl_device_types.name()) {
      const std::string types = value.as<std::string>();
      DeviceTypeSelection::parse(types);  // refuses a bad value before anything changes
      std::lock_guard<std::mutex> lock(m_mutex);
      if (types != m_device_types) m_devices.reset();
      m_device_types = types;
    } else {
      settings[key] = value;
    }
  }
  const std::vector<std::string> ids = device_ids();
  std::lock_guard<std::mutex> lock(m_mutex);
  m_config.set(settings, get_device_name(), ids);
}

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  std::string id;
  std::shared_ptr<const Model> model;
  for (const auto& [key, value] : arguments) {
    if (key == hint::model.name()) {
      model = model_argument(value, get_device_name());
      continue;
    }
    FERRY_ASSERT(key == device::id.name(), "device '", get_device_name(), "': unexpected argument '", key,
                 "' (arguments: ", device::id.name(), ", ", hint::model.name(), ")");
    id = value.as<std::string>();
  }
  if (name == supported_properties.name()) {
    std::vector<PropertyName> all = read_only_properties();
    for (const auto& setting : Config::supported()) all.push_back(setting);
    all.push_back(opencl_device_types);
    return all;
  }
  if (name == available_devices.name()) return device_ids();
  if (name == opencl_device_types.name()) {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_device_types;
  }
  if (name == range_for_streams.name()) return std::tuple<unsigned, unsigned>{1u, unsigned(kMaxStreams)};
  if (name == range_for_async_infer_requests.name())
    return std::tuple<unsigned, unsigned, unsigned>{1u, unsigned(2 * kMaxStreams), 1u};
  if (Config::is_supported(name)) {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_config.get(name);
  }
  FERRY_ASSERT(is_read_only(name), "device '", get_device_name(), "' has no property '", name, "'");

  if (id.empty()) {
    std::lock_guard<std::mutex> lock(m_mutex);
    id = m_config.device_id;
  }
  const DeviceEntry entry = device(id);
  const DeviceInfo& info = entry.info;
  if (name == device::full_name.name()) return info.full_name();
  if (name == device::architecture.name()) return info.platform_name + ": " + info.name;
  if (name == device::type.name()) return info.host_unified_memory ? device::Type::INTEGRATED : device::Type::DISCRETE;
  if (name == device::gops.name()) return std::map<element::Type, float>{{element::f32, info.estimated_gflops()}};
  if (name == device::capabilities.name()) {
    std::vector<std::string> capabilities{device::capability::FP32};
    if (info.has_extension("cl_khr_fp16")) capabilities.push_back(device::capability::FP16);
    capabilities.push_back(device::capability::EXPORT_IMPORT);
    return capabilities;
  }
  if (name == device_total_mem_size.name()) return static_cast<uint64_t>(info.global_mem_size);
  if (name == uarch_version.name()) return info.uarch_version;
  if (name == execution_units_count.name()) return info.execution_units;
  if (name == queue_priority_applied.name()) return applies_queue_priority(info);
  if (name == queue_throttle_applied.name()) return applies_queue_throttle(info);
  // Batch sizes judge a model (the MODEL_PTR argument); without one, 1: the model as given.
  if (name == optimal_batch_size.name()) return model ? optimal_batch_for(analyse_footprint(*model), info) : 1u;
  if (name == max_batch_size.name())
    return model ? max_batch_for(analyse_footprint(*model), info.global_mem_size) : uint32_t(1);
  const auto context = m_contexts.find(id);
  if (name == memory_statistics.name())
    return context ? context->counters().statistics() : MemoryCounters().statistics();
  if (name == copied_bytes.name()) return static_cast<uint64_t>(context ? context->counters().copied.load() : 0);
  Exception::raise("device '", get_device_name(), "' has no property '", name, "'");
}

std::shared_ptr<CompiledModel> Plugin::compile(const std::shared_ptr<const Model>& model, const Config& config,
                                               bool loaded_from_cache) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  const auto context = m_contexts.get(device(config.device_id));
  // The compiled model owns a private copy: later edits of the caller's model do not reach it.
  std::shared_ptr<const Model> own_model = model->clone();
  const auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
  // COMPILATION_NUM_THREADS and GPU_ENABLE_LOOP_UNROLLING reach the programs this compile builds.
  ProgramBuildScope builds(context->programs(), {config.compilation_num_threads, config.enable_loop_unrolling});
  auto compiled = std::make_shared<CompiledModel>(own_model, self, context, config, loaded_from_cache);
  builds.finish();
  return compiled;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  return compile(model, config_with(properties), false);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const AnyMap& properties) const {
  blob_format::Contents contents = blob_format::read(blob, get_device_name());
  Config config = config_with({});
  config.set(contents.settings, get_device_name(), device_ids());
  config.set(properties, get_device_name(), device_ids());
  // The exported programs: the compile below makes them from these binaries, not from source.
  m_contexts.get(device(config.device_id))->programs().add_binaries(contents.programs);
  return compile(contents.model, config, true);
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  config_with(properties);  // refuses bad properties as compile_model would
  SupportedOpsMap supported;
  for (const auto& node : model->get_ordered_ops())
    if (CompiledGraph::unsupported_reason(*node).empty()) supported[node->get_friendly_name()] = get_device_name();
  return supported;
}

}  // namespace ferry::gpu
