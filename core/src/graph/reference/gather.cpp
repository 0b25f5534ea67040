#include "core/src/graph/reference/gather.hpp"

#include <cstring>

namespace ferry {
namespace reference {
namespace {

size_t product(const Shape& shape, size_t begin, size_t end) {
  size_t result = 1;
  for (size_t i = begin; i < end; ++i) result *= shape[i];
  return result;
}

// index in [-length, length) -> [0, length); false otherwise.
bool resolve(int64_t& index, size_t length) {
  if (index < 0) index += int64_t(length);
  return index >= 0 && index < int64_t(length);
}

}  // namespace

void gather(const char* data, const Shape& data_shape, const std::vector<int64_t>& indices, const Shape& indices_shape,
            char* out, size_t axis, size_t batch_dims, size_t element_size) {
  const size_t batch = product(data_shape, 0, batch_dims);
  const size_t outer = product(data_shape, batch_dims, axis);
  const size_t axis_length = data_shape[axis];
  const size_t inner = product(data_shape, axis + 1, data_shape.size()) * element_size;
  const size_t per_batch = product(indices_shape, batch_dims, indices_shape.size());
  for (size_t b = 0; b < batch; ++b)
    for (size_t o = 0; o < outer; ++o)
      for (size_t j = 0; j < per_batch; ++j) {
        int64_t index = indices[b * per_batch + j];
        char* target = out + ((b * outer + o) * per_batch + j) * inner;
        if (resolve(index, axis_length))
          std::memcpy(target, data + ((b * outer + o) * axis_length + size_t(index)) * inner, inner);
        else
          std::memset(target, 0, inner);
      }
}

bool gather_elements(const char* data, const Shape& data_shape, const std::vector<int64_t>& indices,
                     const Shape& indices_shape, char* out, size_t axis, size_t element_size) {
  const size_t count = shape_size(indices_shape);
  const Strides data_strides = row_major_strides(data_shape);
  const size_t rank = indices_shape.size();
  std::vector<size_t> coord(rank, 0);
  for (size_t i = 0; i < count; ++i) {
    int64_t index = indices[i];
    if (!resolve(index, data_shape[axis])) return false;
    size_t offset = 0;
    for (size_t k = 0; k < rank; ++k) offset += (k == axis ? size_t(index) : coord[k]) * data_strides[k];
    std::memcpy(out + i * element_size, data + offset * element_size, element_size);
    for (size_t k = rank; k-- > 0;) {
      if (++coord[k] < indices_shape[k]) break;
      coord[k] = 0;
    }
  }
  return true;
}

bool gather_nd(const char* data, const Shape& data_shape, const std::vector<int64_t>& indices,
               const Shape& indices_shape, char* out, size_t batch_dims, size_t element_size) {
  const size_t depth = indices_shape.back();
  const size_t batch = product(data_shape, 0, batch_dims);
  const size_t tuples = product(indices_shape, batch_dims, indices_shape.size() - 1);
  const size_t slice = product(data_shape, batch_dims + depth, data_shape.size()) * element_size;
  const size_t batch_stride = product(data_shape, batch_dims, data_shape.size()) * element_size;
  const Strides strides = row_major_strides(data_shape);
  for (size_t b = 0; b < batch; ++b)
    for (size_t t = 0; t < tuples; ++t) {
      const int64_t* tuple = indices.data() + (b * tuples + t) * depth;
      size_t offset = 0;
      for (size_t k = 0; k < depth; ++k) {
        int64_t index = tuple[k];
        if (!resolve(index, data_shape[batch_dims + k])) return false;
        offset += size_t(index) * strides[batch_dims + k];
      }
      std::memcpy(out + (b * tuples + t) * slice, data + b * batch_stride + offset * element_size, slice);
    }
  return true;
}

}  // namespace reference
}  // namespace ferry
