#pragma once

// One stream of a compiled model: an asynchronous Level Zero command queue of the NPU's compute
// group. Level Zero lets one thread at a time submit to a queue, so submissions take its lock.

#include <level_zero/ze_api.h>

#include <memory>
#include <mutex>

#include "context_handle.hpp"

namespace ferry::npu::plugin {

class CommandQueue {
 public:
  // Queue `index` of the compute group (wrapping around the group's queue count).
  CommandQueue(std::shared_ptr<const ContextHandle> context, uint32_t index);
  ~CommandQueue();
  CommandQueue(const CommandQueue&) = delete;
  CommandQueue& operator=(const CommandQueue&) = delete;

  ze_command_queue_handle_t get() const { return m_handle; }
  // Submits a closed command list; `fence` (of this queue) is signalled when it has run.
  void submit(ze_command_list_handle_t list, ze_fence_handle_t fence) const;

 private:
  std::shared_ptr<const ContextHandle> m_context;
  ze_command_queue_handle_t m_handle = nullptr;
  mutable std::mutex m_submit_mutex;
};

}  // namespace ferry::npu::plugin
