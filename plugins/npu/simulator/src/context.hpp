#pragma once

#include <level_zero/ze_api.h>

#include <atomic>

#include "live_handles.hpp"

namespace ferry::npu::simulator {

// A context: the scope of allocations, queues, lists and event pools.
struct Context : Live<Context> {
  // Queues, command lists and event pools created in this context and not yet destroyed.
  std::atomic<int> children{0};
};

// The live context behind `handle`, or nullptr.
inline Context* find_context(ze_context_handle_t handle) { return LiveHandles<Context>::find(handle); }
inline ze_context_handle_t handle_of(Context* context) { return reinterpret_cast<ze_context_handle_t>(context); }

}  // namespace ferry::npu::simulator
