#include "plugin.hpp"

#include <algorithm>
#include <set>

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/constant_folding.hpp"
#include "ferry/npu/properties.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/own_context.hpp"
#include "graph.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::npu::plugin::Plugin)

namespace ferry::npu::plugin {
namespace {

int queues_of_first_device() {
  const auto& devices = ZeroDevices::get().devices();
  return devices.empty() ? 1 : static_cast<int>(devices.front()->queues());
}

}  // namespace

Plugin::Plugin()
    : m_copies(std::make_shared<CopyCounter>(0)),
      m_allocated(std::make_shared<std::atomic<uint64_t>>(0)),
      m_contexts(m_copies, m_allocated),
      m_device_queues(queues_of_first_device()),
      m_properties(sdk::device_owner([this] { return get_device_name(); })),
      m_settings(m_properties) {
  set_device_name("NPU");  // the core renames it to the name it was registered under
  const std::string build = ::ferry::get_version().buildNumber;
  set_version({build + "-blob" + std::to_string(kExportFormat.version), "Ferry NPU plugin (Level Zero)"});

  sdk::add_base_settings(m_properties, base_rules(m_device_queues));
  // A device's facts: of the NPU a DEVICE_ID argument names, else of the DEVICE_ID setting.
  auto device_of = [this](const AnyMap& arguments) {
    return ZeroDevices::get().at(sdk::device_id_of(arguments, m_settings.get()));
  };
  const int queues = m_device_queues;
  m_properties.read_only(available_devices, [] { return ZeroDevices::get().ids(); })
      .read_only(device::full_name, [device_of](const AnyMap& arguments) { return device_of(arguments)->name(); })
      .read_only(device::architecture,
                 [device_of](const AnyMap& arguments) { return device_of(arguments)->architecture(); })
      .read_only(device::uuid, [device_of](const AnyMap& arguments) { return device_of(arguments)->uuid(); })
      .read_only(device::type, [] { return device::Type::INTEGRATED; })
      .read_only(device::capabilities,
                 [] {
                   return std::vector<std::string>{device::capability::FP32, device::capability::EXPORT_IMPORT};
                 })
      .read_only(device_total_mem_size,
                 [device_of](const AnyMap& arguments) { return device_of(arguments)->total_memory(); })
      .read_only(device_alloc_mem_size, [this] { return static_cast<uint64_t>(m_allocated->load()); })
      .read_only(driver_version,
                 [device_of](const AnyMap& arguments) { return device_of(arguments)->driver().version(); })
      .read_only(range_for_streams, [queues] { return std::make_tuple(1u, static_cast<unsigned>(queues)); })
      // One request binds and submits while another runs: two per queue keep every queue busy.
      .read_only(range_for_async_infer_requests,
                 [queues] { return std::make_tuple(1u, 2u * static_cast<unsigned>(queues), 1u); })
      .read_only(copied_bytes, [this] { return static_cast<uint64_t>(m_copies->load()); });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::shared_ptr<RemoteContext> Plugin::default_context(const Config& config) const {
  return m_contexts.get_default(get_device_name(), config.device_id);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  const Config config = m_settings.with(properties);
  return compile_model(model, properties, default_context(config));
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties,
                                                      const std::shared_ptr<IRemoteContext>& context) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  Config config = m_settings.with(properties);
  const auto own = sdk::own_context<RemoteContext>(*this, context);
  config.device_id = own->device_id();  // the context decides the device
  const auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
  // NPU graphs are static: shapes that ShapeOf chains of static shapes compute become constants.
  const std::shared_ptr<Model> own_model = model->clone();
  fold_constants(*own_model);
  return std::make_shared<CompiledModel>(own_model, self, own, config, nullptr);
}

std::shared_ptr<IRemoteContext> Plugin::create_context(const AnyMap& params) const {
  return m_contexts.create(get_device_name(), m_settings.get().device_id, params);
}

std::shared_ptr<IRemoteContext> Plugin::get_default_context(const AnyMap& params) const {
  m_properties.check_arguments(params);  // DEVICE_ID at most
  return default_context(m_settings.with(params));
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const AnyMap& properties) const {
  return import_model(blob, default_context(m_settings.with(properties)), properties);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                                     const AnyMap& properties) const {
  const auto own = sdk::own_context<RemoteContext>(*this, context);
  const sdk::ExportReader contents(blob, kExportFormat, get_device_name());
  // The blob's settings are those it was compiled with; `properties` may override them.
  Config config;
  m_properties.set(config, contents.settings());
  m_properties.set(config, properties);
  config.device_id = own->device_id();
  const auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
  return std::make_shared<CompiledModel>(contents.model(), self, own, config, &contents);
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  const Config config = m_settings.with(properties);  // refuses bad properties as compile_model would
  const auto& device = ZeroDevices::get().at(config.device_id);
  const std::vector<std::string> refused = Graph::unsupported_ops(*device, model);
  // NPU graphs have static shapes: the driver refuses a graph with a dynamic one when it is
  // created. What compile_model's constant folding leaves dynamic (an op whose output shape
  // depends on the data) is not the NPU's; HETERO runs it elsewhere.
  const std::shared_ptr<Model> folded = model->clone();
  fold_constants(*folded);
  std::set<std::string> dynamic;
  for (const auto& node : folded->get_ordered_ops())
    for (size_t i = 0; i < node->get_output_size(); ++i)
      if (node->get_output_partial_shape(i).is_dynamic()) dynamic.insert(node->get_friendly_name());
  SupportedOpsMap supported;
  for (const auto& node : model->get_ordered_ops()) {
    const std::string prefix = node->get_friendly_name() + " (";
    const bool is_refused = std::any_of(refused.begin(), refused.end(), [&](const std::string& entry) {
      return entry.compare(0, prefix.size(), prefix) == 0;
    });
    if (!is_refused && !dynamic.count(node->get_friendly_name()))
      supported[node->get_friendly_name()] = get_device_name();
  }
  return supported;
}

}  // namespace ferry::npu::plugin
