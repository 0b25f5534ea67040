#include "core/src/graph/reference/pad.hpp"

#include <cstring>

namespace ferry {
namespace reference {

int64_t pad_source(int64_t o, int64_t begin, int64_t length, int mode) {
  int64_t c = o - begin;
  if (c >= 0 && c < length) return c;
  switch (mode) {
    case 1:  // edge
      return c < 0 ? 0 : length - 1;
    case 2:  // reflect: ... 2 1 | 0 1 2 | 1 0 ...; the pads never exceed length - 1
      return c < 0 ? -c : 2 * (length - 1) - c;
    case 3:  // symmetric: ... 1 0 | 0 1 2 | 2 1 ...; the pads never exceed length
      return c < 0 ? -c - 1 : 2 * length - 1 - c;
    default:
      return -1;
  }
}

void pad(const void* in, void* out, size_t element_size, const Shape& in_shape, const Shape& out_shape,
         const std::vector<int64_t>& begin, int mode, const void* fill) {
  const size_t rank = out_shape.size();
  const size_t count = shape_size(out_shape);
  if (count == 0) return;
  // Per axis: the input coordinate each output coordinate reads (-1: the fill value).
  std::vector<std::vector<int64_t>> sources(rank);
  std::vector<size_t> in_strides(rank, 1);
  for (size_t axis = rank; axis-- > 0;) {
    if (axis + 1 < rank) in_strides[axis] = in_strides[axis + 1] * in_shape[axis + 1];
    for (size_t o = 0; o < out_shape[axis]; ++o)
      sources[axis].push_back(pad_source(int64_t(o), begin[axis], int64_t(in_shape[axis]), mode));
  }
  const char* src = static_cast<const char*>(in);
  char* dst = static_cast<char*>(out);
  std::vector<size_t> index(rank, 0);
  for (size_t i = 0; i < count; ++i) {
    bool inside = true;
    size_t offset = 0;
    for (size_t axis = 0; axis < rank; ++axis) {
      const int64_t c = sources[axis][index[axis]];
      if (c < 0) {
        inside = false;
        break;
      }
      offset += size_t(c) * in_strides[axis];
    }
    std::memcpy(dst + i * element_size, inside ? src + offset * element_size : static_cast<const char*>(fill),
                element_size);
    for (size_t axis = rank; axis-- > 0;) {
      if (++index[axis] < out_shape[axis]) break;
      index[axis] = 0;
    }
  }
}

}  // namespace reference
}  // namespace ferry
