#include "weight_store.hpp"

#include "cl_error.hpp"
#include "counted_transfers.hpp"

namespace ferry::gpu {

WeightStore::WeightStore(std::shared_ptr<DeviceContext> context) : m_context(std::move(context)) {}

WeightStore::~WeightStore() { m_context->counters().weights -= m_bytes; }

ClMem WeightStore::buffer(const std::shared_ptr<const Node>& constant, const Tensor& host) {
  const size_t bytes = host.get_byte_size();
  void* data = bytes ? host.data() : nullptr;
  std::lock_guard<std::mutex> lock(m_mutex);
  Upload& upload = m_uploads[{data, bytes}];
  if (upload.buffer) return upload.buffer;
  if (m_context->info().host_unified_memory) {
    // The kernels only read weights: the host copy is used in place.
    upload.buffer = bytes ? m_context->create_buffer(bytes, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, data, "weights")
                          : m_context->create_buffer(1, CL_MEM_READ_ONLY, nullptr, "weights");
  } else {
    upload.buffer = m_context->create_buffer(bytes, CL_MEM_READ_ONLY, nullptr, "weights");
    if (bytes)
      cl_check(transfer::write_buffer(m_context->counters(), m_context->transfer_queue(), upload.buffer.get(), true, 0,
                                      bytes, data),
               "uploading ", bytes, " bytes of weights");
  }
  upload.constant = constant;
  m_bytes += bytes;
  m_context->counters().weights += bytes;
  return upload.buffer;
}

uint64_t WeightStore::bytes() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_bytes;
}

size_t WeightStore::uploads() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_uploads.size();
}

}  // namespace ferry::gpu
