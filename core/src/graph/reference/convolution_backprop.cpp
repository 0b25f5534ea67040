#include "core/src/graph/reference/convolution_backprop.hpp"

#include <algorithm>

namespace ferry {
namespace reference {
namespace {

size_t product(const Shape& shape, size_t from) {
  size_t result = 1;
  for (size_t i = from; i < shape.size(); ++i) result *= shape[i];
  return result;
}

}  // namespace

void convolution_backprop(const double* data, const double* filters, double* out, const Shape& data_shape,
                          const Shape& filters_shape, const Shape& out_shape, const std::vector<int64_t>& strides,
                          const std::vector<int64_t>& dilations, const std::vector<int64_t>& pads_begin) {
  const size_t spatial = data_shape.size() - 2;
  const size_t batch = data_shape[0], groups = filters_shape[0];
  const size_t c_in = filters_shape[1], c_out = filters_shape[2];
  const size_t in_size = product(data_shape, 2), kernel_size = product(filters_shape, 3);
  const size_t out_size = product(out_shape, 2);
  std::fill(out, out + batch * groups * c_out * out_size, 0.0);
  // Spatial coordinates of every input and kernel position, decoded once.
  auto decode = [spatial](size_t flat, const Shape& shape, size_t first, std::vector<int64_t>& coords) {
    for (size_t a = spatial; a-- > 0;) {
      coords[a] = static_cast<int64_t>(flat % shape[first + a]);
      flat /= shape[first + a];
    }
  };
  std::vector<int64_t> in_coords(spatial), kernel_coords(spatial);
  std::vector<std::vector<int64_t>> kernel_offsets(kernel_size, std::vector<int64_t>(spatial));
  for (size_t k = 0; k < kernel_size; ++k) {
    decode(k, filters_shape, 3, kernel_coords);
    for (size_t a = 0; a < spatial; ++a) kernel_offsets[k][a] = kernel_coords[a] * dilations[a] - pads_begin[a];
  }
  for (size_t i = 0; i < in_size; ++i) {
    decode(i, data_shape, 2, in_coords);
    for (size_t k = 0; k < kernel_size; ++k) {
      // The output position this (input, tap) pair lands on, when inside the output.
      size_t o = 0;
      bool inside = true;
      for (size_t a = 0; a < spatial && inside; ++a) {
        const int64_t coord = in_coords[a] * strides[a] + kernel_offsets[k][a];
        inside = coord >= 0 && coord < static_cast<int64_t>(out_shape[2 + a]);
        o = o * out_shape[2 + a] + static_cast<size_t>(coord);
      }
      if (!inside) continue;
      for (size_t n = 0; n < batch; ++n)
        for (size_t g = 0; g < groups; ++g)
          for (size_t ci = 0; ci < c_in; ++ci) {
            const double x = data[((n * groups + g) * c_in + ci) * in_size + i];
            const double* w = filters + ((g * c_in + ci) * c_out) * kernel_size + k;
            double* y = out + (n * groups + g) * c_out * out_size + o;
            for (size_t co = 0; co < c_out; ++co) y[co * out_size] += x * w[co * kernel_size];
          }
    }
  }
}

}  // namespace reference
}  // namespace ferry
