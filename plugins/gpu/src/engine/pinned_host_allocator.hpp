#pragma once

// Host memory the device transfers at full bus speed: a CL_MEM_ALLOC_HOST_PTR buffer, mapped
// once for its lifetime (the driver pins it; NVIDIA's and Intel's drivers DMA straight from such
// a mapping). Owning host tensors take their memory from it (RemoteContext::create_host_tensor),
// so inference reads their inputs and writes their outputs with one pinned transfer each.

#include <map>
#include <memory>
#include <mutex>

#include "cl_handle.hpp"
#include "device_context.hpp"
#include "ferry/value/itensor.hpp"

namespace ferry::gpu {

class PinnedHostAllocator final : public HostAllocator {
 public:
  explicit PinnedHostAllocator(std::shared_ptr<DeviceContext> context) : m_context(std::move(context)) {}
  ~PinnedHostAllocator() override;

  void* allocate(size_t bytes, size_t alignment) override;
  void deallocate(void* pointer, size_t bytes, size_t alignment) override;

 private:
  std::shared_ptr<DeviceContext> m_context;
  std::mutex m_mutex;
  std::map<void*, ClMem> m_buffers;  // mapped pointer -> its buffer
};

}  // namespace ferry::gpu
