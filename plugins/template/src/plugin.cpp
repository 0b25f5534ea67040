#include "plugin.hpp"

#include <algorithm>

#include "compiled_model.hpp"
#include "engine/execution_plan.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/own_context.hpp"
#include "ferry/template/properties.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::template_plugin::Plugin)

namespace ferry::template_plugin {
namespace {

constexpr const char* kFullDeviceName = "Template reference device (CPU)";
constexpr const char* kArchitecture = "reference";

}  // namespace

Plugin::Plugin()
    : m_copies(std::make_shared<CopyCounter>(0)),
      m_contexts(m_copies),
      m_properties(sdk::device_owner([this] { return get_device_name(); })),
      m_settings(m_properties) {
  set_device_name("TEMPLATE");  // the core renames it to the name it was registered under
  // The blob format is part of the version, so CACHE_DIR entries of another format are rebuilt.
  const std::string build = ::ferry::get_version().buildNumber;
  set_version({build + "-blob" + std::to_string(kExportFormat.version), "Ferry template plugin"});

  // The settings: the ones every device shares, under TEMPLATE's limits.
  sdk::add_base_settings(m_properties, base_rules());
  // The device's facts. Only what the reference kernels compute: f32.
  const std::vector<std::string> capabilities{device::capability::FP32, device::capability::EXPORT_IMPORT};
  const unsigned threads = hardware_threads();
  m_properties.read_only(available_devices, [] { return std::vector<std::string>{"0"}; })
      .read_only(device::full_name, [] { return std::string(kFullDeviceName); })
      .read_only(device::architecture, [] { return std::string(kArchitecture); })
      .read_only(device::capabilities, [capabilities] { return capabilities; })
      .read_only(range_for_streams, [threads] { return std::make_tuple(1u, threads); })
      // More requests than streams only queue; fewer leave streams idle.
      .read_only(range_for_async_infer_requests, [threads] { return std::make_tuple(1u, threads, 1u); })
      .read_only(copied_bytes, [this] { return static_cast<uint64_t>(m_copies->load()); });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::shared_ptr<CompiledModel> Plugin::compile(const std::shared_ptr<const Model>& model, const Config& config,
                                               const std::shared_ptr<RemoteContext>& context,
                                               bool loaded_from_cache) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  for (const auto& node : model->get_ordered_ops()) {
    FERRY_ASSERT(ExecutionPlan::is_supported(*node), get_device_name(), " cannot compile model '",
                 model->get_friendly_name(), "': op '", node->get_friendly_name(), "' of type ",
                 node->get_type_info().name, " (", node->get_type_info().version_id, ") has no reference kernel");
  }
  // The compiled model owns a private copy: later edits of the caller's model do not reach it.
  std::shared_ptr<const Model> own_model = model->clone();
  const auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
  return std::make_shared<CompiledModel>(own_model, self, context, config, loaded_from_cache);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  return compile(model, m_settings.with(properties), m_contexts.get_default(get_device_name()), false);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties,
                                                      const std::shared_ptr<IRemoteContext>& context) const {
  return compile(model, m_settings.with(properties), sdk::own_context<RemoteContext>(*this, context), false);
}

std::shared_ptr<IRemoteContext> Plugin::create_context(const AnyMap& params) const {
  return m_contexts.create(get_device_name(), params);
}

std::shared_ptr<IRemoteContext> Plugin::get_default_context(const AnyMap& params) const {
  m_properties.check_arguments(params);  // DEVICE_ID "0" at most
  return m_contexts.get_default(get_device_name());
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const AnyMap& properties) const {
  return import_model(blob, m_contexts.get_default(get_device_name()), properties);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                                     const AnyMap& properties) const {
  const auto own = sdk::own_context<RemoteContext>(*this, context);
  const sdk::ExportReader contents(blob, kExportFormat, get_device_name());
  // The blob's settings are those it was compiled with; `properties` may override them.
  Config config;
  m_properties.set(config, contents.settings());
  m_properties.set(config, properties);
  return compile(contents.model(), config, own, true);
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  m_settings.with(properties);  // refuses bad properties as compile_model would
  SupportedOpsMap supported;
  for (const auto& node : model->get_ordered_ops()) {
    if (ExecutionPlan::is_supported(*node)) supported[node->get_friendly_name()] = get_device_name();
  }
  return supported;
}

}  // namespace ferry::template_plugin
