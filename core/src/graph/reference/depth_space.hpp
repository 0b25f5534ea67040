#pragma once

#include <cstddef>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Moves elements of `element_size` bytes between the depth layout [N, C * bs^k, D1, ..., Dk]
// and the space layout [N, C, D1 * bs, ..., Dk * bs]. `depth_shape` is the depth layout's shape.
// to_space: `in` is the depth layout and `out` the space layout; otherwise the reverse.
// blocks_first: depth channel = block * C + c; else c * bs^k + block (block offsets b1..bk
// flattened with b1 outermost).
void depth_space(const void* in, void* out, size_t element_size, const Shape& depth_shape, size_t block_size,
                 bool blocks_first, bool to_space);

}  // namespace reference
}  // namespace ferry
