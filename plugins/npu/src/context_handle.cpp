#include "context_handle.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::npu::plugin {

ContextHandle::ContextHandle(std::shared_ptr<const ZeroDevice> device, std::shared_ptr<CopyCounter> copies,
                             std::shared_ptr<std::atomic<uint64_t>> allocated)
    : m_device(std::move(device)), m_owned(true), m_copies(std::move(copies)), m_allocated(std::move(allocated)) {
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  m_device->check(zeContextCreate(m_device->driver().handle(), &desc, &m_handle), "zeContextCreate");
  try {
    create_copy_list();
  } catch (...) {
    zeContextDestroy(m_handle);
    throw;
  }
}

ContextHandle::ContextHandle(std::shared_ptr<const ZeroDevice> device, ze_context_handle_t handle,
                             std::shared_ptr<CopyCounter> copies, std::shared_ptr<std::atomic<uint64_t>> allocated)
    : m_device(std::move(device)),
      m_handle(handle),
      m_owned(false),
      m_copies(std::move(copies)),
      m_allocated(std::move(allocated)) {
  FERRY_ASSERT(handle, "NPU: create_context: L0_CONTEXT is null");
  // A context of another driver (or not a context) fails here, before anything uses it.
  const ze_result_t status = zeContextGetStatus(handle);
  FERRY_ASSERT(status == ZE_RESULT_SUCCESS, "NPU: create_context: L0_CONTEXT is not a usable Level Zero context of ",
               m_device->name(), " (zeContextGetStatus: ", result_name(status), ")");
  create_copy_list();
}

void ContextHandle::create_copy_list() {
  ze_command_queue_desc_t desc{
      ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, nullptr, m_device->queue_group(), 0, 0, ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
      ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  const ze_result_t created = zeCommandListCreateImmediate(m_handle, m_device->handle(), &desc, &m_copy_list);
  if (created != ZE_RESULT_SUCCESS && !m_owned) {
    Exception::raise("NPU: create_context: L0_CONTEXT is not a context of ", m_device->name(),
                     "'s driver (zeCommandListCreateImmediate: ", result_name(created), ")");
  }
  m_device->check(created, "zeCommandListCreateImmediate");
}

ContextHandle::~ContextHandle() {
  if (m_copy_list) zeCommandListDestroy(m_copy_list);
  if (m_owned) zeContextDestroy(m_handle);
}

void ContextHandle::copy(void* destination, const void* source, size_t bytes) const {
  if (bytes == 0) return;
  std::lock_guard<std::mutex> lock(m_copy_mutex);
  // Synchronous mode: the call returns once the copy has run.
  m_device->check(zeCommandListAppendMemoryCopy(m_copy_list, destination, source, bytes, nullptr, 0, nullptr),
                  "zeCommandListAppendMemoryCopy");
  *m_copies += bytes;
}

}  // namespace ferry::npu::plugin
