#pragma once

// Level Zero host memory for owning host tensors (RemoteContext::create_host_tensor and the
// infer requests' own tensors): plain ferry::Tensors with data(), which the NPU reads and
// writes in place.

#include <memory>

#include "context_handle.hpp"
#include "ferry/value/itensor.hpp"

namespace ferry::npu::plugin {

class ZeroHostAllocator final : public HostAllocator {
 public:
  explicit ZeroHostAllocator(std::shared_ptr<const ContextHandle> context) : m_context(std::move(context)) {}

  void* allocate(size_t bytes, size_t alignment) override;
  void deallocate(void* pointer, size_t bytes, size_t alignment) override;

 private:
  std::shared_ptr<const ContextHandle> m_context;  // outlives every allocation
};

}  // namespace ferry::npu::plugin
