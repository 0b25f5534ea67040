#pragma once

#include <level_zero/ze_api.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "context.hpp"
#include "live_handles.hpp"

namespace ferry::npu::simulator {

// An event pool: `count` slots, each held by at most one event at a time.
struct EventPool : Live<EventPool> {
  EventPool(Context* context, uint32_t count, ze_event_pool_flags_t flags)
      : context(context), flags(flags), slot_taken(count, false) {}
  Context* const context;
  const ze_event_pool_flags_t flags;
  std::mutex mutex;  // guards slot_taken
  std::vector<bool> slot_taken;
};

// An event. Its state is guarded by device().signal_mutex, whose condition wakes its waiters.
struct Event : Live<Event> {
  Event(EventPool* pool, uint32_t index) : pool(pool), index(index) {}
  EventPool* const pool;
  const uint32_t index;
  bool signalled = false;
  // When the command that signalled it started and ended (device clock, ns).
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
};

inline EventPool* find_event_pool(ze_event_pool_handle_t handle) { return LiveHandles<EventPool>::find(handle); }
inline Event* find_event(ze_event_handle_t handle) { return LiveHandles<Event>::find(handle); }

// Marks `event` signalled (with the timestamps of the work it closes) and wakes every waiter.
void signal_event(Event* event, uint64_t start_ns, uint64_t end_ns);
void reset_event(Event* event);

}  // namespace ferry::npu::simulator
