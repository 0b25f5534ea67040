#pragma once

// Replicating copies of any element size: numpy broadcasting of one tensor to a larger shape,
// and tiling.

#include <cstddef>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// out = in broadcast to out_shape; in_shape has out_shape's rank, each axis equal or 1.
void broadcast_to(const char* in, const Shape& in_shape, char* out, const Shape& out_shape, size_t element_size);

// out[i] = in[i mod in_shape] per axis; in_shape has out_shape's rank, out_shape[k] a multiple
// of in_shape[k].
void tile(const char* in, const Shape& in_shape, char* out, const Shape& out_shape, size_t element_size);

}  // namespace reference
}  // namespace ferry
