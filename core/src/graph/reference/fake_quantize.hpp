#pragma once

// FakeQuantize over dense row-major tensors: the four range tensors broadcast (numpy, aligned at
// the trailing axes) into the data's shape.

#include <cmath>
#include <cstddef>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Per axis of `out_shape`, how far a tensor of `shape` advances (0 where it broadcasts).
inline std::vector<size_t> broadcast_strides_into(const Shape& shape, const Shape& out_shape) {
  std::vector<size_t> strides(out_shape.size(), 0);
  size_t stride = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const size_t axis = shape.size() - 1 - i, out_axis = out_shape.size() - 1 - i;
    if (shape[axis] != 1) strides[out_axis] = stride;
    stride *= shape[axis];
  }
  return strides;
}

// T: the element type of every input and the output; it is also the compute type.
template <typename T>
void fake_quantize(const T* data, const Shape& shape, const T* const ranges[4], const Shape range_shapes[4], T* out,
                   int64_t levels) {
  const size_t count = shape_size(shape);
  if (count == 0) return;
  std::vector<std::vector<size_t>> strides;
  for (int r = 0; r < 4; ++r) strides.push_back(broadcast_strides_into(range_shapes[r], shape));
  std::vector<size_t> index(shape.size(), 0);
  size_t offset[4] = {0, 0, 0, 0};
  const T steps = static_cast<T>(levels - 1);
  for (size_t i = 0; i < count; ++i) {
    const T x = data[i];
    const T in_lo = ranges[0][offset[0]], in_hi = ranges[1][offset[1]];
    const T out_lo = ranges[2][offset[2]], out_hi = ranges[3][offset[3]];
    if (x <= std::min(in_lo, in_hi)) {
      out[i] = out_lo;
    } else if (x > std::max(in_lo, in_hi)) {
      out[i] = out_hi;
    } else {
      const T level = std::nearbyint((x - in_lo) / (in_hi - in_lo) * steps);
      out[i] = level / steps * (out_hi - out_lo) + out_lo;
    }
    // Advance the odometer and the four range offsets.
    for (size_t axis = shape.size(); axis-- > 0;) {
      for (int r = 0; r < 4; ++r) offset[r] += strides[r][axis];
      if (++index[axis] < shape[axis]) break;
      for (int r = 0; r < 4; ++r) offset[r] -= strides[r][axis] * index[axis];
      index[axis] = 0;
    }
  }
}

}  // namespace reference
}  // namespace ferry
