#include "zero_memory.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"

namespace ferry::npu::plugin {
namespace {

constexpr size_t kAlignment = 64;

}  // namespace

ZeroMemory::ZeroMemory(std::shared_ptr<const ContextHandle> context, void* data, size_t size, bool host_accessible)
    : m_context(std::move(context)), m_data(data), m_size(size), m_host_accessible(host_accessible) {
  m_context->allocated(static_cast<int64_t>(m_size));
}

ZeroMemory::~ZeroMemory() {
  m_context->allocated(-static_cast<int64_t>(m_size));
  zeMemFree(m_context->get(), m_data);
}

std::shared_ptr<ZeroMemory> ZeroMemory::host(const std::shared_ptr<const ContextHandle>& context, size_t bytes) {
  const size_t size = std::max<size_t>(bytes, 1);
  ze_host_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, nullptr, 0};
  void* data = nullptr;
  context->device().check(zeMemAllocHost(context->get(), &desc, size, kAlignment, &data), "zeMemAllocHost");
  return std::shared_ptr<ZeroMemory>(new ZeroMemory(context, data, size, true));
}

std::shared_ptr<ZeroMemory> ZeroMemory::import_dma_buf(const std::shared_ptr<const ContextHandle>& context, int fd,
                                                       size_t bytes) {
  FERRY_ASSERT(fd >= 0, "NPU: create_tensor: MEM_HANDLE ", fd, " is not a file descriptor");
  ze_external_memory_import_fd_t import{ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD, nullptr,
                                        ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF, fd};
  ze_device_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, &import, 0, 0};
  const size_t size = std::max<size_t>(bytes, 1);
  void* data = nullptr;
  const ze_result_t result =
      zeMemAllocDevice(context->get(), &desc, size, kAlignment, context->device().handle(), &data);
  if (result != ZE_RESULT_SUCCESS) {
    const std::string reason = context->device().driver().last_error();
    Exception::raise("NPU: create_tensor: the DMA-BUF fd ", fd, " cannot be imported for ", bytes, " bytes (",
                     result_name(result), reason.empty() ? "" : ": ", reason, ")");
  }
  return std::shared_ptr<ZeroMemory>(new ZeroMemory(context, data, size, false));
}

}  // namespace ferry::npu::plugin
