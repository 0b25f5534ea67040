#pragma once

#include <iosfwd>
#include <map>
#include <memory>
#include <string>

#include "ferry/graph/model.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/supported_ops.hpp"
#include "ferry/value/version.hpp"

namespace ferry {

class ICompiledModel;
class ICore;
class IRemoteContext;

// A device plugin. The core creates one per registered device name through the library's entry
// point (plugin_entry.hpp) and calls it from any thread: implementations guard their state.
// Device instances ("GPU.1") reach the plugin as the "DEVICE_ID" property ("1").
class IPlugin : public std::enable_shared_from_this<IPlugin> {
 public:
  virtual ~IPlugin() = default;

  void set_device_name(const std::string& name) { m_device_name = name; }
  const std::string& get_device_name() const { return m_device_name; }
  void set_version(const Version& version) { m_version = version; }
  const Version& get_version() const { return m_version; }
  // The core that loaded the plugin (set before any other call); held weakly, as the core owns
  // the plugin. get_core() throws naming the device when there is none (a plugin made outside a
  // Core, in a test) or it is gone.
  void set_core(std::weak_ptr<const ICore> core) { m_core = std::move(core); }
  std::shared_ptr<const ICore> get_core() const;

  virtual std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                        const AnyMap& properties) const = 0;
  // Compiles for a given context. Default: refuses, naming the device.
  virtual std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                        const AnyMap& properties,
                                                        const std::shared_ptr<IRemoteContext>& context) const;

  virtual void set_property(const AnyMap& properties) = 0;
  virtual Any get_property(const std::string& name, const AnyMap& arguments) const = 0;

  // Default: the device has no remote contexts (error naming the device).
  virtual std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const;
  virtual std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const;

  // Reads what ICompiledModel::export_model wrote. Default: refuses (no EXPORT_IMPORT capability).
  virtual std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const;
  virtual std::shared_ptr<ICompiledModel> import_model(std::istream& blob,
                                                       const std::shared_ptr<IRemoteContext>& context,
                                                       const AnyMap& properties) const;

  virtual SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const = 0;

 private:
  std::string m_device_name;
  Version m_version;
  std::weak_ptr<const ICore> m_core;
};

}  // namespace ferry
