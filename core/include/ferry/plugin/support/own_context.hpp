#pragma once

// A plugin's compile_model / import_model given a remote context: the context as the plugin's own
// class, or an error naming the device whose context it is.

#include <memory>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/iremote_context.hpp"

namespace ferry::sdk {

// `context` as `Context` (the plugin's class) when it is one of `plugin`'s contexts: that class,
// with a device name of the plugin's ("GPU" for "GPU", "GPU.1"), so that the same library loaded
// under two device names keeps its contexts apart.
template <typename Context>
std::shared_ptr<Context> own_context(const IPlugin& plugin, const std::shared_ptr<IRemoteContext>& context) {
  FERRY_ASSERT(context, plugin.get_device_name(), ": the remote context is null");
  auto own = std::dynamic_pointer_cast<Context>(context);
  const std::string& name = context->get_device_name();
  const std::string& device = plugin.get_device_name();
  const bool named_ours =
      name.compare(0, device.size(), device) == 0 && (name.size() == device.size() || name[device.size()] == '.');
  FERRY_ASSERT(own && named_ours, "device '", device, "' cannot use a remote context of device '", name, "'");
  return own;
}

}  // namespace ferry::sdk
