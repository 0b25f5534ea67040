#pragma once

// Kernels that move elements without looking at them, so they work on bytes of any element
// size: transpose and concatenation.

#include <cstddef>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// out axis i = in axis order[i]; out_shape[i] = in_shape[order[i]].
void transpose(const char* in, const Shape& in_shape, char* out, const std::vector<size_t>& order, size_t element_size);

// Joins inputs along `axis`; every input has out_shape's lengths except along axis.
void concat(const std::vector<const char*>& inputs, const std::vector<Shape>& in_shapes, char* out,
            const Shape& out_shape, size_t axis, size_t element_size);

}  // namespace reference
}  // namespace ferry
