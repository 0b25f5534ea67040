#pragma once

// Numpy-style broadcasting of two dense row-major inputs into an output: the shared iteration
// of every binary elementwise kernel.

#include <cstddef>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Per output axis, how far each input advances (0 where it broadcasts). Inputs are aligned
// at their trailing axes.
struct BroadcastStrides {
  std::vector<size_t> out_shape;
  std::vector<size_t> a_strides, b_strides;
};

BroadcastStrides make_broadcast_strides(const Shape& a_shape, const Shape& b_shape, const Shape& out_shape);

// out[i] = op(a[ia], b[ib]) over the output, with numpy broadcasting.
template <typename T, typename U, typename Op>
void broadcast_binary(const T* a, const Shape& a_shape, const T* b, const Shape& b_shape, U* out,
                      const Shape& out_shape, Op op) {
  const size_t count = shape_size(out_shape);
  if (count == 0) return;
  if (a_shape == b_shape) {
    for (size_t i = 0; i < count; ++i) out[i] = op(a[i], b[i]);
    return;
  }
  if (shape_size(b_shape) == 1) {
    for (size_t i = 0; i < count; ++i) out[i] = op(a[i], b[0]);
    return;
  }
  if (shape_size(a_shape) == 1) {
    for (size_t i = 0; i < count; ++i) out[i] = op(a[0], b[i]);
    return;
  }
  const BroadcastStrides s = make_broadcast_strides(a_shape, b_shape, out_shape);
  const size_t rank = s.out_shape.size();
  const size_t inner = s.out_shape[rank - 1];
  const size_t a_step = s.a_strides[rank - 1], b_step = s.b_strides[rank - 1];
  std::vector<size_t> index(rank, 0);
  size_t a_offset = 0, b_offset = 0;
  for (size_t done = 0; done < count; done += inner) {
    for (size_t k = 0; k < inner; ++k) *out++ = op(a[a_offset + k * a_step], b[b_offset + k * b_step]);
    // Advance the odometer over the outer axes.
    for (size_t axis = rank - 1; axis-- > 0;) {
      a_offset += s.a_strides[axis];
      b_offset += s.b_strides[axis];
      if (++index[axis] < s.out_shape[axis]) break;
      a_offset -= s.a_strides[axis] * index[axis];
      b_offset -= s.b_strides[axis] * index[axis];
      index[axis] = 0;
    }
  }
}

}  // namespace reference
}  // namespace ferry
