#pragma once

#include <cstddef>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Batched matrix product. Shapes have rank >= 2 (1-D inputs already given their unit axis);
// batch axes broadcast numpy-style; out_shape is [batch..., M, N]. Accumulates in Acc.
template <typename T, typename Acc>
void matmul(const T* a, const Shape& a_shape, const T* b, const Shape& b_shape, T* out, const Shape& out_shape,
            bool transpose_a, bool transpose_b);

}  // namespace reference
}  // namespace ferry
