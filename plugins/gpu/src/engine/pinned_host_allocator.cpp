#include "pinned_host_allocator.hpp"

#include <cstdint>

#include "cl_error.hpp"
#include "counted_transfers.hpp"
#include "ferry/base/exception.hpp"

namespace ferry::gpu {

PinnedHostAllocator::~PinnedHostAllocator() {
  std::lock_guard<std::mutex> lock(m_mutex);
  for (auto& [pointer, buffer] : m_buffers) transfer::unmap(m_context->transfer_queue(), buffer.get(), pointer);
  if (!m_buffers.empty()) clFinish(m_context->transfer_queue());
}

void* PinnedHostAllocator::allocate(size_t bytes, size_t alignment) {
  ClMem buffer =
      m_context->create_buffer(bytes, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, nullptr, "a pinned host tensor");
  cl_int status = CL_SUCCESS;
  // Host memory (CL_MEM_ALLOC_HOST_PTR): the map moves nothing.
  void* pointer = transfer::map_buffer(m_context->counters(), m_context->transfer_queue(), buffer.get(), true,
                                       CL_MAP_READ | CL_MAP_WRITE, 0, std::max<size_t>(bytes, 1), &status);
  cl_check(status, "clEnqueueMapBuffer of a pinned host tensor of ", bytes, " bytes");
  if (reinterpret_cast<uintptr_t>(pointer) % alignment != 0) {
    transfer::unmap(m_context->transfer_queue(), buffer.get(), pointer);
    clFinish(m_context->transfer_queue());
    Exception::raise("GPU.", m_context->entry().id, ": the driver mapped pinned memory at ", pointer,
                     ", not aligned to ", alignment, " bytes as host tensors need");
  }
  std::lock_guard<std::mutex> lock(m_mutex);
  m_buffers.emplace(pointer, std::move(buffer));
  return pointer;
}

void PinnedHostAllocator::deallocate(void* pointer, size_t, size_t) {
  ClMem buffer;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_buffers.find(pointer);
    if (found == m_buffers.end()) return;
    buffer = std::move(found->second);
    m_buffers.erase(found);
  }
  transfer::unmap(m_context->transfer_queue(), buffer.get(), pointer);
  clFinish(m_context->transfer_queue());
}

}  // namespace ferry::gpu
