#pragma once

// Assigns the intermediate values of a compiled model to buffers, reusing a buffer once every
// reader of its previous value has run. Each infer request allocates the plan's buffers once, at
// creation; inferences then allocate nothing. A step's scratch memory (Primitive::scratch_bytes)
// is a value whose first and last step are that step, so consecutive steps' scratch share a buffer.

#include <cstddef>
#include <vector>

namespace ferry::gpu {

struct Lifetime {
  size_t bytes = 0;
  size_t first = 0;  // the step that writes the value
  size_t last = 0;   // the last step that reads it (>= first)
};

class MemoryPlan {
 public:
  MemoryPlan() = default;
  // Greedy in order of first use: a value takes the free buffer whose size is closest to its
  // own (growing the largest free one when none is big enough), or a new buffer. A buffer is free
  // again after the value's last step; two values whose lifetimes overlap never share one.
  explicit MemoryPlan(const std::vector<Lifetime>& values);

  // The buffer of value i (index into the constructor's vector).
  size_t buffer_of(size_t value) const { return m_buffer_of.at(value); }
  const std::vector<size_t>& buffer_sizes() const { return m_sizes; }
  size_t total_bytes() const;

 private:
  std::vector<size_t> m_buffer_of;
  std::vector<size_t> m_sizes;
};

}  // namespace ferry::gpu
