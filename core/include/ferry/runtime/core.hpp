#pragma once

#include <istream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/properties.hpp"
#include "ferry/value/supported_ops.hpp"
#include "ferry/value/tensor.hpp"
#include "ferry/value/version.hpp"

namespace ferry {

class CoreImpl;

// Entry point of the runtime: reads models, finds device plugins through a plugins.xml, compiles.
// Device names: "TEMPLATE", "GPU" (= "GPU.0"), "GPU.1", "GPU.1.0" (a sub-device),
// "MULTI:GPU.1,GPU.0", "BATCH:GPU(4)". Plugins load on first use of their device.
// Thread-safe: one Core may be used from several threads.
class Core {
 public:
  // plugins_xml: a plugins.xml to read; empty means $FERRY_PLUGINS_XML, else the plugins.xml next
  // to the core library, else no plugins (devices can still be added with register_plugin).
  explicit Core(const std::string& plugins_xml = {});

  std::map<std::string, Version> get_versions(const std::string& device_name) const;

  // IR (.xml with its .bin) or ONNX (.onnx, once that frontend exists), by file extension.
  std::shared_ptr<Model> read_model(const std::string& model_path, const std::string& bin_path = {}) const;
  // A model held in memory: IR XML text with its weights, or the bytes of an ONNX model (told
  // apart by the XML's leading '<'; an ONNX model carries its own weights).
  std::shared_ptr<Model> read_model(const std::string& model, const Tensor& weights) const;

  CompiledModel compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties = {});
  CompiledModel compile_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                              const AnyMap& properties = {});
  CompiledModel compile_model(const std::string& model_path, const AnyMap& properties = {});
  CompiledModel compile_model(const std::string& model_path, const std::string& device_name,
                              const AnyMap& properties = {});
  CompiledModel compile_model(const std::shared_ptr<const Model>& model, const RemoteContext& context,
                              const AnyMap& properties = {});
  // A model held in memory (see read_model(model, weights)).
  CompiledModel compile_model(const std::string& model, const Tensor& weights, const std::string& device_name,
                              const AnyMap& properties = {});
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const Model>& model,
                                                                         Properties&&... properties) {
    return compile_model(model, AnyMap{std::forward<Properties>(properties)...});
  }
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::string& model_path,
                                                                         Properties&&... properties) {
    return compile_model(model_path, AnyMap{std::forward<Properties>(properties)...});
  }
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const Model>& model,
                                                                         const std::string& device_name,
                                                                         Properties&&... properties) {
    return compile_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
  }
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::string& model_path,
                                                                         const std::string& device_name,
                                                                         Properties&&... properties) {
    return compile_model(model_path, device_name, AnyMap{std::forward<Properties>(properties)...});
  }
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const Model>& model,
                                                                         const RemoteContext& context,
                                                                         Properties&&... properties) {
    return compile_model(model, context, AnyMap{std::forward<Properties>(properties)...});
  }

  CompiledModel import_model(std::istream& blob, const std::string& device_name, const AnyMap& properties = {});
  CompiledModel import_model(std::istream& blob, const RemoteContext& context, const AnyMap& properties = {});
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> import_model(std::istream& blob,
                                                                        const std::string& device_name,
                                                                        Properties&&... properties) {
    return import_model(blob, device_name, AnyMap{std::forward<Properties>(properties)...});
  }
  template <typename... Properties>
  util::EnableIfAllStringAny<CompiledModel, Properties...> import_model(std::istream& blob,
                                                                        const RemoteContext& context,
                                                                        Properties&&... properties) {
    return import_model(blob, context, AnyMap{std::forward<Properties>(properties)...});
  }

  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const std::string& device_name,
                              const AnyMap& properties = {}) const;
  template <typename... Properties>
  util::EnableIfAllStringAny<SupportedOpsMap, Properties...> query_model(const std::shared_ptr<const Model>& model,
                                                                         const std::string& device_name,
                                                                         Properties&&... properties) const {
    return query_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
  }

  // Devices of every registered plugin, as instances ("GPU.0", "GPU.1", "TEMPLATE").
  std::vector<std::string> get_available_devices() const;

  // device_name empty: core-wide properties (CACHE_DIR, ...) and defaults for every device.
  void set_property(const AnyMap& properties);
  // core.set_property(ferry::cache_dir("cache")): core-wide properties, typed.
  template <typename... Properties>
  util::EnableIfAllStringAny<void, Properties...> set_property(Properties&&... properties) {
    set_property(AnyMap{std::forward<Properties>(properties)...});
  }
  void set_property(const std::string& device_name, const AnyMap& properties);
  template <typename... Properties>
  util::EnableIfAllStringAny<void, Properties...> set_property(const std::string& device_name,
                                                               Properties&&... properties) {
    set_property(device_name, AnyMap{std::forward<Properties>(properties)...});
  }
  Any get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments = {}) const;
  Any get_property(const std::string& name) const;  // a core-wide property
  template <typename T, PropertyMutability M>
  T get_property(const std::string& device_name, const Property<T, M>& property) const {
    return get_property(device_name, property.name()).template as<T>();
  }
  // With arguments: get_property("GPU", ferry::optimal_batch_size, {ferry::hint::model(model)}).
  template <typename T, PropertyMutability M>
  T get_property(const std::string& device_name, const Property<T, M>& property, const AnyMap& arguments) const {
    return get_property(device_name, property.name(), arguments).template as<T>();
  }
  template <typename T, PropertyMutability M, typename... Arguments>
  util::EnableIfAllStringAny<T, Arguments...> get_property(const std::string& device_name,
                                                           const Property<T, M>& property,
                                                           Arguments&&... arguments) const {
    return get_property(device_name, property.name(), AnyMap{std::forward<Arguments>(arguments)...}).template as<T>();
  }

  RemoteContext create_context(const std::string& device_name, const AnyMap& params);
  template <typename... Params>
  util::EnableIfAllStringAny<RemoteContext, Params...> create_context(const std::string& device_name,
                                                                      Params&&... params) {
    return create_context(device_name, AnyMap{std::forward<Params>(params)...});
  }
  RemoteContext get_default_context(const std::string& device_name);

  // Adds a device backed by a plugin library (a path, or a file name found by the dynamic loader).
  void register_plugin(const std::string& plugin_path, const std::string& device_name, const AnyMap& properties = {});
  // Adds every plugin of a plugins.xml.
  void register_plugins(const std::string& xml_config_file);
  // Drops the core's reference to the device's plugin; the library unloads once every object
  // created from it is gone.
  void unload_plugin(const std::string& device_name);

 private:
  std::shared_ptr<CoreImpl> m_impl;
};

}  // namespace ferry
