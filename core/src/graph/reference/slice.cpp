#include "core/src/graph/reference/slice.hpp"

#include <algorithm>
#include <cstring>

namespace ferry {
namespace reference {

SliceAxis slice_axis(int64_t start, int64_t stop, int64_t step, size_t length) {
  const int64_t n = int64_t(length);
  if (start < 0) start += n;
  if (stop < 0) stop += n;
  SliceAxis axis;
  axis.step = step;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, n);
    stop = std::clamp<int64_t>(stop, 0, n);
    axis.count = stop > start ? size_t((stop - start + step - 1) / step) : 0;
  } else {
    start = std::clamp<int64_t>(start, -1, n - 1);
    stop = std::clamp<int64_t>(stop, -1, n - 1);
    axis.count = start > stop ? size_t((start - stop - step - 1) / -step) : 0;
  }
  axis.first = start;
  return axis;
}

void strided_copy(const char* in, const Shape& in_shape, char* out, const std::vector<SliceAxis>& axes,
                  size_t element_size) {
  const size_t rank = in_shape.size();
  size_t count = 1;
  for (const auto& axis : axes) count *= axis.count;
  if (count == 0) return;
  if (rank == 0) {
    std::memcpy(out, in, element_size);
    return;
  }
  const Strides strides = row_major_strides(in_shape);
  int64_t offset = 0;
  for (size_t k = 0; k < rank; ++k) offset += axes[k].first * int64_t(strides[k]);
  std::vector<size_t> index(rank, 0);
  for (size_t done = 0; done < count; ++done) {
    std::memcpy(out, in + offset * int64_t(element_size), element_size);
    out += element_size;
    for (size_t k = rank; k-- > 0;) {
      offset += axes[k].step * int64_t(strides[k]);
      if (++index[k] < axes[k].count) break;
      offset -= axes[k].step * int64_t(strides[k]) * int64_t(index[k]);
      index[k] = 0;
    }
  }
}

}  // namespace reference
}  // namespace ferry
