#include "command_queue.hpp"

namespace ferry::npu::plugin {

CommandQueue::CommandQueue(std::shared_ptr<const ContextHandle> context, uint32_t index)
    : m_context(std::move(context)) {
  const ZeroDevice& device = m_context->device();
  ze_command_queue_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
                               nullptr,
                               device.queue_group(),
                               index % device.queues(),
                               0,
                               ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                               ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  device.check(zeCommandQueueCreate(m_context->get(), device.handle(), &desc, &m_handle), "zeCommandQueueCreate");
}

CommandQueue::~CommandQueue() { zeCommandQueueDestroy(m_handle); }

void CommandQueue::submit(ze_command_list_handle_t list, ze_fence_handle_t fence) const {
  std::lock_guard<std::mutex> lock(m_submit_mutex);
  m_context->device().check(zeCommandQueueExecuteCommandLists(m_handle, 1, &list, fence),
                            "zeCommandQueueExecuteCommandLists");
}

}  // namespace ferry::npu::plugin
