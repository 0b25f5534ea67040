#pragma once

// A Level Zero context on one NPU, as the plugin's objects share it: the handle (created and
// destroyed by the plugin, or the application's, which it keeps), the bytes allocated in it,
// and a synchronous copy engine for the copies the remote API asks for.

#include <level_zero/ze_api.h>

#include <atomic>
#include <memory>
#include <mutex>

#include "zero_device.hpp"

namespace ferry::npu::plugin {

// Bytes copied between the application's memory and the device (NPU_COPIED_BYTES), shared by
// the plugin and everything it makes, any of which may outlive the others.
using CopyCounter = std::atomic<uint64_t>;

class ContextHandle {
 public:
  // Creates a context on `device`'s driver.
  ContextHandle(std::shared_ptr<const ZeroDevice> device, std::shared_ptr<CopyCounter> copies,
                std::shared_ptr<std::atomic<uint64_t>> allocated);
  // Wraps the application's `handle` (checked to be a context of `device`'s driver); not destroyed.
  ContextHandle(std::shared_ptr<const ZeroDevice> device, ze_context_handle_t handle,
                std::shared_ptr<CopyCounter> copies, std::shared_ptr<std::atomic<uint64_t>> allocated);
  ~ContextHandle();
  ContextHandle(const ContextHandle&) = delete;
  ContextHandle& operator=(const ContextHandle&) = delete;

  ze_context_handle_t get() const { return m_handle; }
  const ZeroDevice& device() const { return *m_device; }

  // Copies `bytes` through the device's copy engine, waiting for the end; counted.
  void copy(void* destination, const void* source, size_t bytes) const;
  // Counts bytes the plugin copied on the host on the device's behalf.
  void count_copy(size_t bytes) const { *m_copies += bytes; }

  // Allocations in this context add and remove their sizes here (NPU_DEVICE_ALLOC_MEM_SIZE).
  void allocated(int64_t bytes) const { *m_allocated += static_cast<uint64_t>(bytes); }

 private:
  void create_copy_list();

  std::shared_ptr<const ZeroDevice> m_device;
  ze_context_handle_t m_handle = nullptr;
  bool m_owned;
  std::shared_ptr<CopyCounter> m_copies;
  std::shared_ptr<std::atomic<uint64_t>> m_allocated;
  mutable std::mutex m_copy_mutex;  // one copy at a time on the immediate list
  ze_command_list_handle_t m_copy_list = nullptr;
};

}  // namespace ferry::npu::plugin
