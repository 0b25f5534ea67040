#pragma once

// Device buffers of one infer request that only grow: slot i is reallocated only when a shape
// needs more than the largest it held so far, so a dynamic model's request settles at the memory
// of the largest shapes it has run, and a smaller shape afterwards allocates nothing. The bytes
// held are counted in one of the context's memory counters while the buffers live.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "cl_handle.hpp"
#include "device_context.hpp"

namespace ferry::gpu {

class GrowingBuffers {
 public:
  // `counter`: the context's counter for these bytes ("intermediates", "io"); `what` names the
  // buffers in allocation errors.
  GrowingBuffers(std::shared_ptr<DeviceContext> context, std::atomic<uint64_t>& counter, cl_mem_flags flags,
                 const char* what);
  ~GrowingBuffers();
  GrowingBuffers(const GrowingBuffers&) = delete;
  GrowingBuffers& operator=(const GrowingBuffers&) = delete;

  // Makes slot i hold at least sizes[i] bytes, for every i. True when some slot was (re)allocated.
  bool fit(const std::vector<size_t>& sizes);
  // Makes slot `slot` hold at least `bytes`. True when it was (re)allocated.
  bool fit(size_t slot, size_t bytes);

  cl_mem get(size_t slot) const { return m_buffers.at(slot).get(); }
  uint64_t bytes() const { return m_bytes; }

 private:
  std::shared_ptr<DeviceContext> m_context;
  std::atomic<uint64_t>& m_counter;
  cl_mem_flags m_flags;
  const char* m_what;
  std::vector<ClMem> m_buffers;
  std::vector<size_t> m_sizes;
  uint64_t m_bytes = 0;
};

}  // namespace ferry::gpu
