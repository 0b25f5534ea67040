#include "ferry/plugin/iplugin.hpp"

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

[[noreturn]] void raise_unsupported(const IPlugin& plugin, const char* capability) {
  const std::string& device = plugin.get_device_name();
  Exception::raise("device '", device.empty() ? "<unnamed>" : device, "' does not support ", capability);
}

}  // namespace

std::shared_ptr<const ICore> IPlugin::get_core() const {
  auto core = m_core.lock();
  FERRY_ASSERT(core, "device '", m_device_name.empty() ? "<unnamed>" : m_device_name,
               "': the plugin has no core (it was not loaded by a Core, or the Core is gone)");
  return core;
}

std::shared_ptr<ICompiledModel> IPlugin::compile_model(const std::shared_ptr<const Model>&, const AnyMap&,
                                                       const std::shared_ptr<IRemoteContext>&) const {
  raise_unsupported(*this, "compile_model with a remote context (no remote contexts)");
}

std::shared_ptr<IRemoteContext> IPlugin::create_context(const AnyMap&) const {
  raise_unsupported(*this, "remote contexts (create_context)");
}

std::shared_ptr<IRemoteContext> IPlugin::get_default_context(const AnyMap&) const {
  raise_unsupported(*this, "remote contexts (get_default_context)");
}

std::shared_ptr<ICompiledModel> IPlugin::import_model(std::istream&, const AnyMap&) const {
  raise_unsupported(*this, "import_model (no EXPORT_IMPORT capability)");
}

std::shared_ptr<ICompiledModel> IPlugin::import_model(std::istream&, const std::shared_ptr<IRemoteContext>&,
                                                      const AnyMap&) const {
  raise_unsupported(*this, "import_model with a remote context (no EXPORT_IMPORT capability)");
}

}  // namespace ferry
