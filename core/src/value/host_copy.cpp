#include "host_copy.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

#include "ferry/base/exception.hpp"

namespace ferry {

void copy_host(const ITensor& src, const ITensor& dst) {
  const size_t count = src.get_size();
  if (count == 0) return;
  const element::Type& type = src.get_element_type();
  const auto* from = static_cast<const uint8_t*>(src.data());
  auto* to = static_cast<uint8_t*>(dst.data());
  if (type.bitwidth() < 8 || src.get_shape().empty()) {
    std::memmove(to, from, src.get_byte_size());
    return;
  }
  const Shape& shape = src.get_shape();
  const Strides& from_strides = src.get_strides();
  const Strides& to_strides = dst.get_strides();

  // The innermost axes that are dense on both sides form one block of bytes.
  size_t block = type.size();
  size_t outer = shape.size();
  while (outer > 0 && (shape[outer - 1] == 1 || (from_strides[outer - 1] == block && to_strides[outer - 1] == block))) {
    block *= shape[outer - 1];
    --outer;
  }
  if (outer == 0) {
    std::memmove(to, from, block);
    return;
  }
  // Walk the outer axes like an odometer, moving both offsets by their strides.
  std::vector<size_t> index(outer, 0);
  size_t from_offset = 0, to_offset = 0;
  for (;;) {
    std::memmove(to + to_offset, from + from_offset, block);
    size_t axis = outer;
    while (axis > 0) {
      --axis;
      if (++index[axis] < shape[axis]) {
        from_offset += from_strides[axis];
        to_offset += to_strides[axis];
        break;
      }
      from_offset -= (shape[axis] - 1) * from_strides[axis];
      to_offset -= (shape[axis] - 1) * to_strides[axis];
      index[axis] = 0;
      if (axis == 0) return;
    }
  }
}

}  // namespace ferry
