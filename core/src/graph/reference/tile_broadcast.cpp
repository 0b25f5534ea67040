#include "core/src/graph/reference/tile_broadcast.hpp"

#include <cstring>

namespace ferry {
namespace reference {
namespace {

// Walks the output in order; `wrap(k, i)` is the input coordinate of output coordinate i on axis k.
template <typename Wrap>
void replicate(const char* in, const Shape& in_shape, char* out, const Shape& out_shape, size_t element_size,
               Wrap wrap) {
  const size_t count = shape_size(out_shape);
  if (count == 0) return;
  const size_t rank = out_shape.size();
  const Strides in_strides = row_major_strides(in_shape);
  std::vector<size_t> index(rank, 0);
  for (size_t done = 0; done < count; ++done) {
    size_t offset = 0;
    for (size_t k = 0; k < rank; ++k) offset += wrap(k, index[k]) * in_strides[k];
    std::memcpy(out, in + offset * element_size, element_size);
    out += element_size;
    for (size_t k = rank; k-- > 0;) {
      if (++index[k] < out_shape[k]) break;
      index[k] = 0;
    }
  }
}

}  // namespace

void broadcast_to(const char* in, const Shape& in_shape, char* out, const Shape& out_shape, size_t element_size) {
  replicate(in, in_shape, out, out_shape, element_size,
            [&](size_t k, size_t i) { return in_shape[k] == 1 ? size_t(0) : i; });
}

void tile(const char* in, const Shape& in_shape, char* out, const Shape& out_shape, size_t element_size) {
  replicate(in, in_shape, out, out_shape, element_size, [&](size_t k, size_t i) { return i % in_shape[k]; });
}

}  // namespace reference
}  // namespace ferry
