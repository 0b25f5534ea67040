#include "remote_context.hpp"

#include <sstream>

#include "engine/pinned_host_allocator.hpp"
#include "ferry/gpu/remote_properties.hpp"
#include "remote_tensor_factory.hpp"
#include "va_surface_sharing.hpp"

namespace ferry::gpu {
namespace {

// The sub-device index of a tile id "X.Y", -1 for a whole device.
int tile_of(const std::string& id) {
  const auto dot = id.find('.');
  return dot == std::string::npos ? -1 : std::stoi(id.substr(dot + 1));
}

}  // namespace

RemoteContext::RemoteContext(std::string device_name, std::shared_ptr<DeviceContext> device, ClQueue shared_queue,
                             int device_index)
    : m_device_name(std::move(device_name)),
      m_device(std::move(device)),
      m_shared_queue(std::move(shared_queue)),
      m_params{{context_type.name(), ContextType::OCL},
               {ocl_context.name(), static_cast<gpu_handle_param>(m_device->context())},
               {ocl_context_device_id.name(), device_index},
               {tile_id.name(), tile_of(m_device->entry().id)}},
      m_pinned(std::make_shared<PinnedHostAllocator>(m_device)) {
  if (m_shared_queue) m_params[ocl_queue.name()] = static_cast<gpu_handle_param>(m_shared_queue.get());
}

cl_command_queue RemoteContext::copy_queue() const {
  return m_shared_queue ? m_shared_queue.get() : m_device->transfer_queue();
}

std::string RemoteContext::describe() const {
  std::ostringstream text;
  text << m_device_name << " context " << static_cast<const void*>(m_device->context());
  if (m_shared_queue) text << " (shared queue " << static_cast<const void*>(m_shared_queue.get()) << ")";
  if (m_va) text << " (VA display " << m_va->display() << ")";
  return text.str();
}

void RemoteContext::share_va(std::shared_ptr<VaSharing> sharing) {
  m_va = std::move(sharing);
  m_params[context_type.name()] = ContextType::VA_SHARED;
  m_params[va_device.name()] = m_va->display();
  m_params[va_sharing_path.name()] = m_va->path();
}

std::shared_ptr<IRemoteTensor> RemoteContext::create_tensor(const element::Type& type, const Shape& shape,
                                                            const AnyMap& params) {
  return make_remote_tensor(std::static_pointer_cast<RemoteContext>(shared_from_this()), type, shape, params);
}

std::shared_ptr<ITensor> RemoteContext::create_host_tensor(const element::Type& type, const Shape& shape) {
  return make_tensor(type, shape, m_pinned);
}

}  // namespace ferry::gpu
