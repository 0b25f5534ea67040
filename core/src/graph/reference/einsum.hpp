#pragma once

// Einsum as a direct loop over the index space: the loop axes are the output's axes followed by
// the summed ones; each input advances by its own stride per loop axis (0 where it does not use
// the axis or broadcasts over it; the sum of its strides where a label repeats: a diagonal).

#include <cstddef>
#include <vector>

namespace ferry {
namespace reference {

namespace einsum_detail {
// Advances the odometer over loop axes [first, last); false once they all wrapped to 0.
inline bool advance(std::vector<size_t>& index, std::vector<size_t>& offset,
                    const std::vector<std::vector<size_t>>& strides, const std::vector<size_t>& sizes, size_t first,
                    size_t last) {
  for (size_t axis = last; axis-- > first;) {
    for (size_t k = 0; k < offset.size(); ++k) offset[k] += strides[k][axis];
    if (++index[axis] < sizes[axis]) return true;
    for (size_t k = 0; k < offset.size(); ++k) offset[k] -= strides[k][axis] * index[axis];
    index[axis] = 0;
  }
  return false;
}
}  // namespace einsum_detail

template <typename T, typename Acc>
void einsum(const std::vector<const T*>& inputs, const std::vector<std::vector<size_t>>& input_strides,
            const std::vector<size_t>& loop_sizes, size_t output_axes, T* out) {
  size_t out_count = 1, inner_count = 1;
  for (size_t a = 0; a < loop_sizes.size(); ++a) (a < output_axes ? out_count : inner_count) *= loop_sizes[a];
  const size_t rank = loop_sizes.size();
  std::vector<size_t> index(rank, 0), offset(inputs.size(), 0);
  for (size_t o = 0; o < out_count; ++o) {
    Acc sum = Acc(0);
    for (size_t i = 0; i < inner_count; ++i) {
      Acc product = Acc(1);
      for (size_t k = 0; k < inputs.size(); ++k) product *= static_cast<Acc>(inputs[k][offset[k]]);
      sum += product;
      einsum_detail::advance(index, offset, input_strides, loop_sizes, output_axes, rank);
    }
    out[o] = static_cast<T>(sum);
    einsum_detail::advance(index, offset, input_strides, loop_sizes, 0, output_axes);
  }
}

}  // namespace reference
}  // namespace ferry
