#include "plugin.hpp"

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/cpu/properties.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "host_cpu.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::cpu_plugin::Plugin)

namespace ferry::cpu_plugin {
namespace {

constexpr const char* kArchitecture = "x86_64";

bool is_supported(const Node& node) { return node.has_evaluate() || is_type<op::v0::Parameter>(&node); }

}  // namespace

Plugin::Plugin()
    : m_copied(std::make_shared<std::atomic<uint64_t>>(0)),
      m_properties(sdk::device_owner([this] { return get_device_name(); })),
      m_settings(m_properties) {
  set_device_name("CPU");  // the core renames it to the name it was registered under
  // The blob format is part of the version, so CACHE_DIR entries of another format are rebuilt.
  const std::string build = ::ferry::get_version().buildNumber;
  set_version({build + "-blob" + std::to_string(kExportFormat.version), "Ferry CPU plugin"});

  add_settings(m_properties);
  const HostCpu& host = host_cpu();
  const unsigned threads = static_cast<unsigned>(host.logical_cores);
  const std::vector<std::string> capabilities{device::capability::FP32, device::capability::EXPORT_IMPORT};
  m_properties.read_only(available_devices, [] { return std::vector<std::string>{"0"}; })
      .read_only(device::full_name, [host] { return host.model_name.empty() ? std::string("CPU") : host.model_name; })
      .read_only(device::architecture, [] { return std::string(kArchitecture); })
      .read_only(device::capabilities, [capabilities] { return capabilities; })
      .read_only(range_for_streams, [threads] { return std::make_tuple(1u, threads); })
      // More requests than streams only queue; fewer leave streams idle.
      .read_only(range_for_async_infer_requests, [threads] { return std::make_tuple(1u, threads, 1u); })
      .read_only(cpu::copied_bytes, [this] { return m_copied->load(); });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::shared_ptr<CompiledModel> Plugin::compile(const std::shared_ptr<const Model>& model, const Config& config,
                                               bool loaded_from_cache) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  for (const auto& node : model->get_ordered_ops()) {
    FERRY_ASSERT(is_supported(*node), get_device_name(), " cannot compile model '", model->get_friendly_name(),
                 "': op '", node->get_friendly_name(), "' of type ", node->get_type_info().name, " (",
                 node->get_type_info().version_id, ") has no kernel");
  }
  // The compiled model owns a private copy: later edits of the caller's model do not reach it.
  std::shared_ptr<const Model> own_model = model->clone();
  const auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
  return std::make_shared<CompiledModel>(own_model, self, config, loaded_from_cache);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  return compile(model, m_settings.with(properties), false);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const AnyMap& properties) const {
  const sdk::ExportReader contents(blob, kExportFormat, get_device_name());
  // The blob's settings are those it was compiled with; `properties` may override them.
  Config config;
  m_properties.set(config, contents.settings());
  m_properties.set(config, properties);
  return compile(contents.model(), config, true);
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  m_settings.with(properties);  // refuses bad properties as compile_model would
  SupportedOpsMap supported;
  for (const auto& node : model->get_ordered_ops()) {
    if (is_supported(*node)) supported[node->get_friendly_name()] = get_device_name();
  }
  return supported;
}

}  // namespace ferry::cpu_plugin
