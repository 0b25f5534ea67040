#pragma once

// The events that order the commands of one request's list: each input copy signals its own
// event, the graph execution waits on those and signals one, the output copies wait on that.
// Events let the device start the graph as soon as its inputs are in place, without the full
// barriers that would also wait for unrelated work. They are device-side (no host waits on
// them: the request's fence says the whole list has run), and are reset from the host after
// each execution, before the list can run again.

#include <level_zero/ze_api.h>

#include <memory>
#include <vector>

#include "context_handle.hpp"

namespace ferry::npu::plugin {

class EventPool {
 public:
  // A pool of `count` events (at least one) on `context`'s device.
  EventPool(std::shared_ptr<const ContextHandle> context, uint32_t count);
  ~EventPool();
  EventPool(const EventPool&) = delete;
  EventPool& operator=(const EventPool&) = delete;

  ze_event_handle_t event(size_t index) const { return m_events.at(index); }

 private:
  std::shared_ptr<const ContextHandle> m_context;
  ze_event_pool_handle_t m_pool = nullptr;
  std::vector<ze_event_handle_t> m_events;
};

}  // namespace ferry::npu::plugin
