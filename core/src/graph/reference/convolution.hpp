#pragma once

// Reference (grouped) convolution over dense NC[D]H W tensors with 1 to 3 spatial axes. These are
// the correctness baseline for every plugin and the template plugin's engine: clear loops, no
// allocation inside them, and the window bounds precomputed by WindowGeometry.

#include <cstddef>
#include <vector>

#include "core/src/graph/reference/accumulator.hpp"
#include "core/src/graph/reference/window_geometry.hpp"

namespace ferry::reference {

// Everything the convolution loop needs, checked once.
struct ConvolutionLayout {
  std::size_t batch = 0;
  std::size_t groups = 0;
  std::size_t in_channels_per_group = 0;
  std::size_t out_channels_per_group = 0;
  WindowGeometry geometry;
};

// data [N, G*Ci, S...], filters [G, Co, Ci, K...], out [N, G*Co, O...]. Throws ferry::Exception
// naming `kernel_name` when the shapes do not fit together.
ConvolutionLayout make_group_convolution_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape,
                                                const std::vector<std::size_t>& filters_shape,
                                                const std::vector<std::size_t>& out_shape, const WindowParams& params);

// The same for a plain convolution: filters [Co, Ci, K...] is one group.
ConvolutionLayout make_convolution_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape,
                                          const std::vector<std::size_t>& filters_shape,
                                          const std::vector<std::size_t>& out_shape, const WindowParams& params);

// Runs the loop nest for a checked layout. Filters are laid out [G, Co, Ci, KD, KH, KW] in both
// cases (a plain convolution's [Co, Ci, K...] is the G = 1 case of the same memory).
template <typename T>
void run_convolution(const ConvolutionLayout& layout, const T* data, const T* filters, T* out) {
  using Acc = accumulator_t<T>;
  const WindowGeometry& g = layout.geometry;
  const std::size_t in_plane = g.in_size();
  const std::size_t out_plane = g.out_size();
  const std::size_t kernel_plane = g.kernel[0] * g.kernel[1] * g.kernel[2];
  const std::size_t ci_count = layout.in_channels_per_group;
  const std::size_t co_count = layout.out_channels_per_group;
  const std::size_t in_channels = layout.groups * ci_count;
  const std::size_t out_channels = layout.groups * co_count;
  const auto in_h = static_cast<std::ptrdiff_t>(g.in[1]);
  const auto in_w = static_cast<std::ptrdiff_t>(g.in[2]);
  const auto dil_d = static_cast<std::ptrdiff_t>(g.dilation[0]);
  const auto dil_h = static_cast<std::ptrdiff_t>(g.dilation[1]);
  const auto dil_w = static_cast<std::ptrdiff_t>(g.dilation[2]);

  for (std::size_t n = 0; n < layout.batch; ++n) {
    for (std::size_t group = 0; group < layout.groups; ++group) {
      const T* data_group = data + (n * in_channels + group * ci_count) * in_plane;
      for (std::size_t co = 0; co < co_count; ++co) {
        const T* filter_co = filters + (group * co_count + co) * ci_count * kernel_plane;
        T* dst = out + (n * out_channels + group * co_count + co) * out_plane;
        for (const WindowSpan& sd : g.spans[0]) {
          for (const WindowSpan& sh : g.spans[1]) {
            for (const WindowSpan& sw : g.spans[2]) {
              Acc acc = Acc(0);
              for (std::size_t ci = 0; ci < ci_count; ++ci) {
                const T* x = data_group + ci * in_plane;
                const T* w = filter_co + ci * kernel_plane;
                for (std::size_t kd = sd.k_begin; kd < sd.k_end; ++kd) {
                  const std::ptrdiff_t id = sd.origin + static_cast<std::ptrdiff_t>(kd) * dil_d;
                  for (std::size_t kh = sh.k_begin; kh < sh.k_end; ++kh) {
                    const std::ptrdiff_t ih = sh.origin + static_cast<std::ptrdiff_t>(kh) * dil_h;
                    // Signed offset of tap 0 in this row: it may lie in the padding.
                    const std::ptrdiff_t x_row = (id * in_h + ih) * in_w + sw.origin;
                    const T* w_row = w + (kd * g.kernel[1] + kh) * g.kernel[2];
                    for (std::size_t kw = sw.k_begin; kw < sw.k_end; ++kw) {
                      acc += static_cast<Acc>(x[x_row + static_cast<std::ptrdiff_t>(kw) * dil_w]) *
                             static_cast<Acc>(w_row[kw]);
                    }
                  }
                }
              }
              *dst++ = static_cast<T>(acc);
            }
          }
        }
      }
    }
  }
}

// Convenience entry points: check the shapes, then run.
template <typename T>
void convolution(const T* data, const T* filters, T* out, const std::vector<std::size_t>& data_shape,
                 const std::vector<std::size_t>& filters_shape, const std::vector<std::size_t>& out_shape,
                 const WindowParams& params) {
  run_convolution(make_convolution_layout("Convolution", data_shape, filters_shape, out_shape, params), data, filters,
                  out);
}

template <typename T>
void group_convolution(const T* data, const T* filters, T* out, const std::vector<std::size_t>& data_shape,
                       const std::vector<std::size_t>& filters_shape, const std::vector<std::size_t>& out_shape,
                       const WindowParams& params) {
  run_convolution(make_group_convolution_layout("GroupConvolution", data_shape, filters_shape, out_shape, params), data,
                  filters, out);
}

}  // namespace ferry::reference
