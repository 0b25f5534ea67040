#pragma once

#include <cstddef>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// The number of output elements of a reduction over the `reduced` axes (one flag per axis).
inline size_t reduced_output_count(const Shape& in_shape, const std::vector<bool>& reduced) {
  size_t count = 1;
  for (size_t axis = 0; axis < in_shape.size(); ++axis)
    if (!reduced[axis]) count *= in_shape[axis];
  return count;
}

// How many input elements fold into each output element.
inline size_t reduced_group_size(const Shape& in_shape, const std::vector<bool>& reduced) {
  size_t count = 1;
  for (size_t axis = 0; axis < in_shape.size(); ++axis)
    if (reduced[axis]) count *= in_shape[axis];
  return count;
}

// Folds every element of `in` into acc[o], o being the row-major index of its kept coordinates:
// acc[o] = fold(acc[o], x). `acc` holds reduced_output_count() initial values.
template <typename T, typename Acc, typename Fold>
void reduce(const T* in, const Shape& in_shape, const std::vector<bool>& reduced, std::vector<Acc>& acc, Fold fold) {
  const size_t rank = in_shape.size();
  std::vector<size_t> out_stride(rank, 0);
  size_t out_count = 1;
  for (size_t axis = rank; axis-- > 0;) {
    if (!reduced[axis]) {
      out_stride[axis] = out_count;
      out_count *= in_shape[axis];
    }
  }
  const size_t count = shape_size(in_shape);
  std::vector<size_t> index(rank, 0);
  size_t out_offset = 0;
  for (size_t i = 0; i < count; ++i) {
    acc[out_offset] = fold(acc[out_offset], in[i]);
    // Odometer step: the output offset follows the kept axes only.
    for (size_t axis = rank; axis-- > 0;) {
      out_offset += out_stride[axis];
      if (++index[axis] < in_shape[axis]) break;
      out_offset -= out_stride[axis] * index[axis];
      index[axis] = 0;
    }
  }
}

}  // namespace reference
}  // namespace ferry
