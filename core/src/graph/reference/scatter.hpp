#pragma once

// Scatter kernels: write `updates` into a copy of the data at positions the indices name.
// "none" copies bytes (any element type); the reductions combine typed values.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// How an update combines with the value already there. Mean divides each touched element by
// the number of values that reached it (its initial value counted when use_init_val).
enum class ScatterReduction { NONE, SUM, SUB, PROD, MIN, MAX, MEAN };

// data[i with axis coordinate indices[i]] (op)= updates[i], i over the indices' (= updates')
// shape; `out` already holds the data. Returns false when an index is out of range.
bool scatter_elements(char* out, const Shape& data_shape, const std::vector<int64_t>& indices, const char* updates,
                      const Shape& updates_shape, size_t axis, const element::Type& type, ScatterReduction reduction,
                      bool use_init_val);

// out[index tuple k] (op)= updates slice k; index tuples are the last axis of indices.
bool scatter_nd(char* out, const Shape& data_shape, const std::vector<int64_t>& indices, const Shape& indices_shape,
                const char* updates, const element::Type& type, ScatterReduction reduction);

}  // namespace reference
}  // namespace ferry
