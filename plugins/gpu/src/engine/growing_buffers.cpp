#include "growing_buffers.hpp"

namespace ferry::gpu {

GrowingBuffers::GrowingBuffers(std::shared_ptr<DeviceContext> context, std::atomic<uint64_t>& counter,
                               cl_mem_flags flags, const char* what)
    : m_context(std::move(context)), m_counter(counter), m_flags(flags), m_what(what) {}

GrowingBuffers::~GrowingBuffers() { m_counter -= m_bytes; }

bool GrowingBuffers::fit(const std::vector<size_t>& sizes) {
  bool grown = false;
  for (size_t i = 0; i < sizes.size(); ++i) grown = fit(i, sizes[i]) || grown;
  return grown;
}

bool GrowingBuffers::fit(size_t slot, size_t bytes) {
  if (slot >= m_buffers.size()) {
    m_buffers.resize(slot + 1);
    m_sizes.resize(slot + 1, 0);
  }
  if (m_buffers[slot] && m_sizes[slot] >= bytes) return false;
  ClMem buffer = m_context->create_buffer(bytes, m_flags, nullptr, m_what);
  m_counter -= m_sizes[slot];
  m_bytes -= m_sizes[slot];
  m_buffers[slot] = std::move(buffer);
  m_sizes[slot] = bytes;
  m_counter += bytes;
  m_bytes += bytes;
  return true;
}

}  // namespace ferry::gpu
