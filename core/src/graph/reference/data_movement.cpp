#include "core/src/graph/reference/data_movement.hpp"

#include <cstring>

namespace ferry {
namespace reference {

void transpose(const char* in, const Shape& in_shape, char* out, const std::vector<size_t>& order,
               size_t element_size) {
  const size_t rank = in_shape.size();
  const size_t count = shape_size(in_shape);
  if (count == 0) return;
  if (rank == 0) {
    std::memcpy(out, in, element_size);
    return;
  }
  const Strides in_strides = row_major_strides(in_shape);
  // Walk the output in order; step the input by the stride of the axis each output axis reads.
  Shape out_shape(rank, 0);
  std::vector<size_t> step(rank);
  for (size_t i = 0; i < rank; ++i) {
    out_shape[i] = in_shape[order[i]];
    step[i] = in_strides[order[i]];
  }
  std::vector<size_t> index(rank, 0);
  size_t offset = 0;
  for (size_t done = 0; done < count; ++done) {
    std::memcpy(out, in + offset * element_size, element_size);
    out += element_size;
    for (size_t axis = rank; axis-- > 0;) {
      offset += step[axis];
      if (++index[axis] < out_shape[axis]) break;
      offset -= step[axis] * index[axis];
      index[axis] = 0;
    }
  }
}

void concat(const std::vector<const char*>& inputs, const std::vector<Shape>& in_shapes, char* out,
            const Shape& out_shape, size_t axis, size_t element_size) {
  size_t outer = 1, inner = element_size;
  for (size_t i = 0; i < axis; ++i) outer *= out_shape[i];
  for (size_t i = axis + 1; i < out_shape.size(); ++i) inner *= out_shape[i];
  for (size_t o = 0; o < outer; ++o) {
    for (size_t k = 0; k < inputs.size(); ++k) {
      const size_t chunk = in_shapes[k][axis] * inner;
      if (chunk) std::memcpy(out, inputs[k] + o * chunk, chunk);
      out += chunk;
    }
  }
}

}  // namespace reference
}  // namespace ferry
