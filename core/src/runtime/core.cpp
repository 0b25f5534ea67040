#include "ferry/runtime/core.hpp"

#include <algorithm>
#include <filesystem>

#include "core_impl.hpp"
#include "ferry/base/aligned_buffer.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/onnx/onnx_reader.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/plugin/support/device_order.hpp"
#include "plugins_xml_location.hpp"

namespace ferry {
namespace {

std::string extension_of(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), ::tolower);
  return extension;
}

}  // namespace

Core::Core(const std::string& plugins_xml) : m_impl(std::make_shared<CoreImpl>()) {
  const std::string xml = plugins_xml.empty() ? default_plugins_xml() : plugins_xml;
  if (!xml.empty()) m_impl->register_plugins_xml(xml);
}

std::map<std::string, Version> Core::get_versions(const std::string& device_name) const {
  const DeviceName device = DeviceName::parse(device_name);
  std::map<std::string, Version> versions;
  std::vector<std::string> names = device.is_virtual() ? device.targets : std::vector<std::string>{device_name};
  if (device.is_virtual()) names.push_back(device.base);  // the virtual device's own plugin too
  for (const std::string& name : names) {
    if (name.front() == '-') continue;  // "AUTO:-GPU" excludes GPU
    const std::string base = DeviceName::parse(name).base;
    versions[base] = m_impl->get_plugin(base).plugin->get_version();
  }
  return versions;
}

std::shared_ptr<Model> Core::read_model(const std::string& model_path, const std::string& bin_path) const {
  const std::string extension = extension_of(model_path);
  if (extension == ".xml") return read_ir(model_path, bin_path);
  if (extension == ".onnx") return read_onnx(model_path);
  Exception::raise("cannot read '", model_path, "': unknown model format '", extension,
                   "' (supported: .xml OpenVINO IR v11, .onnx ONNX)");
}

std::shared_ptr<Model> Core::read_model(const std::string& model, const Tensor& weights) const {
  // IR XML starts with '<' (after a byte-order mark or blanks); anything else is read as an ONNX
  // ModelProto, whose weights are inside it (`weights` is not used for ONNX).
  const auto start = model.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (start != std::string::npos && model[start] != '<') return read_onnx_from_memory(model, "", "<memory>");
  std::shared_ptr<AlignedBuffer> buffer;
  if (weights) {
    // The model's constants view the caller's weights without a copy; the buffer keeps them alive.
    auto owner = std::make_shared<Tensor>(weights);
    buffer = std::make_shared<AlignedBuffer>(owner->data(), owner->get_byte_size(), owner);
  }
  return read_ir_from_memory(model, buffer);
}

CompiledModel Core::compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) {
  // AUTO, as in OpenVINO, when it is registered; else the fastest kind of device available
  // (sdk::default_candidates), else the first device, an NPU among them.
  const std::vector<std::string> registered = m_impl->registered_devices();
  if (std::find(registered.begin(), registered.end(), "AUTO") != registered.end())
    return compile_model(model, "AUTO", properties);
  const std::vector<std::string> available = get_available_devices();
  FERRY_ASSERT(!available.empty(),
               "no device is available: register plugins through a plugins.xml (FERRY_PLUGINS_XML) "
               "or Core::register_plugin");
  const std::vector<std::string> candidates = sdk::default_candidates(*m_impl, available);
  return compile_model(model, candidates.empty() ? available.front() : candidates.front(), properties);
}

CompiledModel Core::compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                  const AnyMap& properties) {
  return to_compiled_model(m_impl->compile(model, DeviceName::parse(device_name), properties));
}

CompiledModel Core::compile_model(const std::string& model_path, const AnyMap& properties) {
  return compile_model(read_model(model_path), properties);
}

CompiledModel Core::compile_model(const std::string& model_path, const std::string& device_name,
                                  const AnyMap& properties) {
  return compile_model(read_model(model_path), device_name, properties);
}

CompiledModel Core::compile_model(const std::string& model, const Tensor& weights, const std::string& device_name,
                                  const AnyMap& properties) {
  return compile_model(read_model(model, weights), device_name, properties);
}

CompiledModel Core::compile_model(const std::shared_ptr<const Model>& model, const RemoteContext& context,
                                  const AnyMap& properties) {
  FERRY_ASSERT(context, "compile_model: the remote context is empty");
  const DeviceName device = DeviceName::parse(context.get_device_name());
  const LoadedPlugin plugin = m_impl->get_plugin(device.base);
  AnyMap plugin_properties = properties;
  CoreImpl::take_core_properties(plugin_properties);
  return CompiledModel(
      plugin.plugin->compile_model(model, with_device_id(device, plugin_properties), context.get_impl()),
      {plugin.library});
}

CompiledModel Core::import_model(std::istream& blob, const std::string& device_name, const AnyMap& properties) {
  return to_compiled_model(m_impl->import_model(blob, device_name, properties));
}

CompiledModel Core::import_model(std::istream& blob, const RemoteContext& context, const AnyMap& properties) {
  FERRY_ASSERT(context, "import_model: the remote context is empty");
  const DeviceName device = DeviceName::parse(context.get_device_name());
  const LoadedPlugin plugin = m_impl->get_plugin(device.base);
  return CompiledModel(plugin.plugin->import_model(blob, context.get_impl(), with_device_id(device, properties)),
                       {plugin.library});
}

SupportedOpsMap Core::query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                                  const AnyMap& properties) const {
  FERRY_ASSERT(model, "query_model: the model is null");
  return m_impl->query_model(model, device_name, properties);
}

std::vector<std::string> Core::get_available_devices() const { return m_impl->get_available_devices(); }

void Core::set_property(const AnyMap& properties) { m_impl->set_core_properties(properties); }

void Core::set_property(const std::string& device_name, const AnyMap& properties) {
  if (device_name.empty()) return set_property(properties);
  m_impl->set_device_properties(DeviceName::parse(device_name), properties);
}

Any Core::get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const {
  if (device_name.empty()) return get_property(name);
  return m_impl->get_property(device_name, name, arguments);
}

Any Core::get_property(const std::string& name) const { return m_impl->get_core_property(name); }

RemoteContext Core::create_context(const std::string& device_name, const AnyMap& params) {
  const DeviceName device = DeviceName::parse(device_name);
  FERRY_ASSERT(!device.is_virtual(), "create_context: virtual device '", device_name, "' has no context");
  const LoadedPlugin plugin = m_impl->get_plugin(device.base);
  return RemoteContext(plugin.plugin->create_context(with_device_id(device, params)), {plugin.library});
}

RemoteContext Core::get_default_context(const std::string& device_name) {
  const DeviceName device = DeviceName::parse(device_name);
  FERRY_ASSERT(!device.is_virtual(), "get_default_context: virtual device '", device_name, "' has no context");
  const LoadedPlugin plugin = m_impl->get_plugin(device.base);
  return RemoteContext(plugin.plugin->get_default_context(with_device_id(device, {})), {plugin.library});
}

void Core::register_plugin(const std::string& plugin_path, const std::string& device_name, const AnyMap& properties) {
  m_impl->register_plugin(device_name, plugin_path, properties);
}

void Core::register_plugins(const std::string& xml_config_file) { m_impl->register_plugins_xml(xml_config_file); }

void Core::unload_plugin(const std::string& device_name) { m_impl->unload_plugin(device_name); }

}  // namespace ferry
