#pragma once

// One Level Zero allocation of a context: host memory the plugin allocates, or memory imported
// from a DMA-BUF file descriptor. Freed with zeMemFree when the last owner lets go; the context
// lives at least as long.

#include <memory>

#include "context_handle.hpp"

namespace ferry::npu::plugin {

class ZeroMemory {
 public:
  // `bytes` of host memory (zeMemAllocHost), 64-byte aligned; at least 1 byte is allocated.
  static std::shared_ptr<ZeroMemory> host(const std::shared_ptr<const ContextHandle>& context, size_t bytes);
  // The memory behind a DMA-BUF `fd`, which must hold at least `bytes` (zeMemAllocDevice with
  // ze_external_memory_import_fd_t). The driver keeps its own reference: the caller keeps `fd`.
  static std::shared_ptr<ZeroMemory> import_dma_buf(const std::shared_ptr<const ContextHandle>& context, int fd,
                                                    size_t bytes);
  ~ZeroMemory();
  ZeroMemory(const ZeroMemory&) = delete;
  ZeroMemory& operator=(const ZeroMemory&) = delete;

  void* data() const { return m_data; }
  size_t size() const { return m_size; }
  // Whether the host can read and write it through data() (host memory; an imported DMA-BUF is
  // device memory to the application, reached through copies).
  bool host_accessible() const { return m_host_accessible; }
  const ContextHandle& context() const { return *m_context; }

 private:
  ZeroMemory(std::shared_ptr<const ContextHandle> context, void* data, size_t size, bool host_accessible);

  std::shared_ptr<const ContextHandle> m_context;
  void* m_data;
  size_t m_size;
  bool m_host_accessible;
};

}  // namespace ferry::npu::plugin
