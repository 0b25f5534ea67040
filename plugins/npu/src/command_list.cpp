#include "command_list.hpp"

namespace ferry::npu::plugin {

CommandList::CommandList(const ContextHandle& context) {
  const ZeroDevice& device = context.device();
  ze_command_list_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, nullptr, device.queue_group(), 0};
  device.check(zeCommandListCreate(context.get(), device.handle(), &desc, &m_handle), "zeCommandListCreate");
}

CommandList::~CommandList() { zeCommandListDestroy(m_handle); }

}  // namespace ferry::npu::plugin
