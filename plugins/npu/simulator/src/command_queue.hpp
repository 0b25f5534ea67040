#pragma once

#include <level_zero/ze_api.h>

#include <atomic>

#include "context.hpp"
#include "live_handles.hpp"
#include "worker.hpp"

namespace ferry::npu::simulator {

// The device's one queue group: compute and copy engines. How many queues it offers.
constexpr uint32_t kQueuesPerGroup = 4;
constexpr uint32_t kMaxFillPatternSize = 128;

// A command queue: its own worker thread runs the command lists executed on it, in order.
struct CommandQueue : Live<CommandQueue> {
  CommandQueue(Context* context, ze_command_queue_mode_t mode) : context(context), mode(mode) {}
  Context* const context;
  const ze_command_queue_mode_t mode;
  std::atomic<int> fences{0};  // fences created on this queue and not yet destroyed
  Worker worker;
};

inline CommandQueue* find_command_queue(ze_command_queue_handle_t handle) {
  return LiveHandles<CommandQueue>::find(handle);
}

// A fence: signalled once the batch it was submitted with (`sequence` on its queue) has run.
struct Fence : Live<Fence> {
  Fence(CommandQueue* queue, bool signalled) : queue(queue), signalled(signalled) {}
  CommandQueue* const queue;
  // Guarded by device().signal_mutex: signalled at creation or reset, else the batch's number
  // (0: not submitted since creation or reset).
  bool signalled;
  uint64_t sequence = 0;
};

inline Fence* find_fence(ze_fence_handle_t handle) { return LiveHandles<Fence>::find(handle); }

// Checks a queue descriptor against the device's one queue group.
ze_result_t check_queue_desc(const ze_command_queue_desc_t* desc);

}  // namespace ferry::npu::simulator
