#include "context_registry.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::npu::plugin {

std::shared_ptr<RemoteContext> ContextRegistry::get_default(const std::string& device_name,
                                                            const std::string& device_id) {
  const auto& device = ZeroDevices::get().at(device_id);
  std::lock_guard<std::mutex> lock(m_mutex);
  auto& context = m_defaults[device_id];
  if (!context) {
    context = std::make_shared<RemoteContext>(device_name, device_id,
                                              std::make_shared<ContextHandle>(device, m_copies, m_allocated));
  }
  return context;
}

std::shared_ptr<RemoteContext> ContextRegistry::create(const std::string& device_name, const std::string& default_id,
                                                       const AnyMap& params) {
  std::string device_id = default_id;
  void* handle = nullptr;
  AnyMap tensor_defaults;
  for (const auto& [key, value] : params) {
    if (key == l0_context.name()) {
      handle = value.as<npu_handle_param>();
      FERRY_ASSERT(handle, device_name, ": create_context: L0_CONTEXT is null");
    } else if (key == device::id.name()) {
      device_id = value.as<std::string>();
    } else if (key == mem_type.name()) {
      tensor_defaults[key] = value.as<MemType>();
    } else if (key == tensor_type.name()) {
      tensor_defaults[key] = value.as<TensorType>();
    } else {
      Exception::raise(device_name, ": create_context: unknown parameter '", key, "' (known: ", l0_context.name(), ", ",
                       device::id.name(), ", and the tensor defaults ", mem_type.name(), ", ", tensor_type.name(), ")");
    }
  }
  const auto default_context = get_default(device_name, device_id);
  if (handle == static_cast<void*>(default_context->handle()->get())) {
    if (tensor_defaults.empty()) return default_context;
    return std::make_shared<RemoteContext>(device_name, device_id, default_context->handle(), tensor_defaults);
  }
  const auto& device = ZeroDevices::get().at(device_id);
  std::lock_guard<std::mutex> lock(m_mutex);
  std::shared_ptr<RemoteContext> context;
  if (!handle) {
    // A new Level Zero context of the plugin's: a scope of its own, found again by its handle.
    context = std::make_shared<RemoteContext>(device_name, device_id,
                                              std::make_shared<ContextHandle>(device, m_copies, m_allocated));
    handle = context->handle()->get();
  } else if (!(context = m_known[{device_id, handle}].lock())) {
    context = std::make_shared<RemoteContext>(
        device_name, device_id,
        std::make_shared<ContextHandle>(device, static_cast<ze_context_handle_t>(handle), m_copies, m_allocated));
  }
  m_known[{device_id, handle}] = context;
  if (tensor_defaults.empty()) return context;
  return std::make_shared<RemoteContext>(device_name, device_id, context->handle(), tensor_defaults);
}

}  // namespace ferry::npu::plugin
