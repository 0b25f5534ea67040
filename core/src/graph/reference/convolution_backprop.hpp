#pragma once

// Transposed convolution: each data element adds data * filter into the output positions
// o = i * stride + k * dilation - pad_begin that fall inside the output.
#include <cstdint>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// data [N, G * C_IN, S...], filters [G, C_IN, C_OUT, K...], out [N, G * C_OUT, O...] (zeroed here).
void convolution_backprop(const double* data, const double* filters, double* out, const Shape& data_shape,
                          const Shape& filters_shape, const Shape& out_shape, const std::vector<int64_t>& strides,
                          const std::vector<int64_t>& dilations, const std::vector<int64_t>& pads_begin);

}  // namespace reference
}  // namespace ferry
