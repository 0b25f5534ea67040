#include "core/src/graph/reference/depth_space.hpp"

#include <cstring>
#include <vector>

namespace ferry {
namespace reference {

void depth_space(const void* in, void* out, size_t element_size, const Shape& depth_shape, size_t block_size,
                 bool blocks_first, bool to_space) {
  const size_t k = depth_shape.size() - 2;
  size_t blocks = 1;
  for (size_t i = 0; i < k; ++i) blocks *= block_size;
  const size_t batch = depth_shape[0], channels = depth_shape[1] / blocks;
  // Space layout strides (row-major over [N, C, D1 * bs, ..., Dk * bs]).
  std::vector<size_t> space_dims(k), space_strides(k + 2);
  for (size_t i = 0; i < k; ++i) space_dims[i] = depth_shape[i + 2] * block_size;
  size_t stride = 1;
  for (size_t i = k; i-- > 0;) {
    space_strides[i + 2] = stride;
    stride *= space_dims[i];
  }
  space_strides[1] = stride;
  space_strides[0] = stride * channels;
  size_t spatial = 1;
  for (size_t i = 0; i < k; ++i) spatial *= depth_shape[i + 2];

  const char* src = static_cast<const char*>(in);
  char* dst = static_cast<char*>(out);
  std::vector<size_t> block_offset(k), position(k);
  size_t depth_index = 0;
  for (size_t n = 0; n < batch; ++n) {
    for (size_t cd = 0; cd < channels * blocks; ++cd) {
      const size_t c = blocks_first ? cd % channels : cd / blocks;
      size_t b = blocks_first ? cd / channels : cd % blocks;
      for (size_t i = k; i-- > 0;) {
        block_offset[i] = b % block_size;
        b /= block_size;
      }
      for (size_t s = 0; s < spatial; ++s, ++depth_index) {
        size_t rest = s, space_index = n * space_strides[0] + c * space_strides[1];
        for (size_t i = k; i-- > 0;) {
          position[i] = rest % depth_shape[i + 2];
          rest /= depth_shape[i + 2];
          space_index += (position[i] * block_size + block_offset[i]) * space_strides[i + 2];
        }
        if (to_space) {
          std::memcpy(dst + space_index * element_size, src + depth_index * element_size, element_size);
        } else {
          std::memcpy(dst + depth_index * element_size, src + space_index * element_size, element_size);
        }
      }
    }
  }
}

}  // namespace reference
}  // namespace ferry
