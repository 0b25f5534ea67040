#include "host_allocator.hpp"

#include <algorithm>

namespace ferry::npu::plugin {

void* ZeroHostAllocator::allocate(size_t bytes, size_t alignment) {
  ze_host_mem_alloc_desc_t desc{ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, nullptr, 0};
  void* pointer = nullptr;
  const size_t size = std::max<size_t>(bytes, 1);
  m_context->device().check(zeMemAllocHost(m_context->get(), &desc, size, alignment, &pointer), "zeMemAllocHost");
  m_context->allocated(static_cast<int64_t>(size));
  return pointer;
}

void ZeroHostAllocator::deallocate(void* pointer, size_t bytes, size_t /*alignment*/) {
  m_context->allocated(-static_cast<int64_t>(std::max<size_t>(bytes, 1)));
  zeMemFree(m_context->get(), pointer);
}

}  // namespace ferry::npu::plugin
