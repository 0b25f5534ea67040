#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>
#include <vector>

#include "ferry/graph/shape.hpp"

namespace ferry {
namespace reference {

// Mean of `in` over `reduced` axes (a flag per axis). The output holds the kept axes in order
// (its rank does not matter: reduced axes either vanish or have length 1). Sums in Acc.
template <typename T, typename Acc>
void reduce_mean(const T* in, const Shape& in_shape, T* out, const std::vector<bool>& reduced) {
  const size_t rank = in_shape.size();
  // The output index of each input element: row-major over the kept axes only.
  std::vector<size_t> out_stride(rank, 0);
  size_t out_count = 1, group = 1;
  for (size_t axis = rank; axis-- > 0;) {
    if (reduced[axis]) {
      group *= in_shape[axis];
    } else {
      out_stride[axis] = out_count;
      out_count *= in_shape[axis];
    }
  }
  std::vector<Acc> sums(out_count, Acc(0));
  const size_t count = shape_size(in_shape);
  std::vector<size_t> index(rank, 0);
  size_t out_offset = 0;
  for (size_t i = 0; i < count; ++i) {
    sums[out_offset] += static_cast<Acc>(in[i]);
    for (size_t axis = rank; axis-- > 0;) {
      out_offset += out_stride[axis];
      if (++index[axis] < in_shape[axis]) break;
      out_offset -= out_stride[axis] * index[axis];
      index[axis] = 0;
    }
  }
  for (size_t o = 0; o < out_count; ++o) {
    // An empty group (a reduced axis of length 0) has no mean: NaN for reals, 0 for integers.
    if (group == 0) {
      if constexpr (std::is_floating_point<Acc>::value) {
        out[o] = static_cast<T>(std::numeric_limits<Acc>::quiet_NaN());
      } else {
        out[o] = T(0);
      }
    } else {
      out[o] = static_cast<T>(sums[o] / static_cast<Acc>(group));
    }
  }
}

}  // namespace reference
}  // namespace ferry
