#include "event_pool.hpp"

#include <algorithm>
#include <utility>

namespace ferry::npu::plugin {

EventPool::EventPool(std::shared_ptr<const ContextHandle> context, uint32_t count) : m_context(std::move(context)) {
  const ZeroDevice& device = m_context->device();
  ze_device_handle_t device_handle = device.handle();
  count = std::max<uint32_t>(count, 1);
  const ze_event_pool_desc_t pool_desc{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr, 0, count};
  device.check(zeEventPoolCreate(m_context->get(), &pool_desc, 1, &device_handle, &m_pool), "zeEventPoolCreate");
  m_events.reserve(count);
  try {
    for (uint32_t i = 0; i < count; ++i) {
      // Signalled and waited on by the device only: the narrowest scopes.
      const ze_event_desc_t desc{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, i, 0, 0};
      ze_event_handle_t event = nullptr;
      device.check(zeEventCreate(m_pool, &desc, &event), "zeEventCreate");
      m_events.push_back(event);
    }
  } catch (...) {
    for (ze_event_handle_t event : m_events) zeEventDestroy(event);
    zeEventPoolDestroy(m_pool);
    throw;
  }
}

EventPool::~EventPool() {
  for (ze_event_handle_t event : m_events) zeEventDestroy(event);
  zeEventPoolDestroy(m_pool);
}

}  // namespace ferry::npu::plugin
