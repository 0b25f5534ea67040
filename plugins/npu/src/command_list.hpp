#pragma once

// A regular command list of the NPU's compute group, owned: destroyed with this object, so a
// request that fails half-way through its construction leaks no list.

#include <level_zero/ze_api.h>

#include "context_handle.hpp"

namespace ferry::npu::plugin {

class CommandList {
 public:
  explicit CommandList(const ContextHandle& context);
  ~CommandList();
  CommandList(const CommandList&) = delete;
  CommandList& operator=(const CommandList&) = delete;

  ze_command_list_handle_t get() const { return m_handle; }

 private:
  ze_command_list_handle_t m_handle = nullptr;
};

}  // namespace ferry::npu::plugin
