#pragma once

// Index-driven copies (Gather, GatherElements, GatherND) over elements of any size: the
// kernels never look at the data, only at the i64 indices (converted by the caller).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Gather along `axis` with `batch_dims` leading axes shared by data and indices. Negative
// indices count from the end; indices still out of range give zero-filled slices.
void gather(const char* data, const Shape& data_shape, const std::vector<int64_t>& indices, const Shape& indices_shape,
            char* out, size_t axis, size_t batch_dims, size_t element_size);

// out[i] = data[i with axis coordinate replaced by indices[i]] (negative counts from the end).
// Returns false when an index is out of range.
bool gather_elements(const char* data, const Shape& data_shape, const std::vector<int64_t>& indices,
                     const Shape& indices_shape, char* out, size_t axis, size_t element_size);

// GatherND-8: for each index tuple (last axis of indices) per batch, copy the addressed slice.
// Returns false when an index is out of range.
bool gather_nd(const char* data, const Shape& data_shape, const std::vector<int64_t>& indices,
               const Shape& indices_shape, char* out, size_t batch_dims, size_t element_size);

}  // namespace reference
}  // namespace ferry
