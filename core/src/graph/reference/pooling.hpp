#pragma once

// Reference max and average pooling over dense NC[D]HW tensors with 1 to 3 spatial axes.
// Windows may reach past the input (padding, ceil rounding): taps there are skipped by max pooling
// and count as zeros for average pooling unless exclude_pad is set (see run_avg_pool's divisor).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/src/graph/reference/accumulator.hpp"
#include "core/src/graph/reference/window_geometry.hpp"

namespace ferry::reference {

struct PoolingLayout {
  std::size_t batch = 0;
  std::size_t channels = 0;
  // MaxPool-8 indices are flat input indices modulo this: the product of the data dims from
  // `axis` on (axis 0: the whole tensor, axis 2: one spatial plane).
  std::size_t index_period = 0;
  WindowGeometry geometry;
};

// data [N, C, S...], out [N, C, O...], kernel with one extent per spatial axis. `axis` (may be
// negative) only matters for max pooling's indices. Throws ferry::Exception naming `kernel_name`.
PoolingLayout make_pooling_layout(const char* kernel_name, const std::vector<std::size_t>& data_shape,
                                  const std::vector<std::size_t>& out_shape, const std::vector<std::size_t>& kernel,
                                  const WindowParams& params, std::int64_t axis = 0);

// The value a max pool writes for a window with no tap inside the input.
template <typename T>
T empty_window_max() {
  if constexpr (std::numeric_limits<T>::is_specialized) return std::numeric_limits<T>::lowest();
  return static_cast<T>(std::numeric_limits<float>::lowest());
}

// indices may be null (MaxPool-1 has no indices output).
template <typename T, typename Index = std::int64_t>
void run_max_pool(const PoolingLayout& layout, const T* data, T* out, Index* indices) {
  using Acc = accumulator_t<T>;
  const WindowGeometry& g = layout.geometry;
  const std::size_t in_plane = g.in_size();
  const auto in_h = static_cast<std::ptrdiff_t>(g.in[1]);
  const auto in_w = static_cast<std::ptrdiff_t>(g.in[2]);
  const auto dil_d = static_cast<std::ptrdiff_t>(g.dilation[0]);
  const auto dil_h = static_cast<std::ptrdiff_t>(g.dilation[1]);
  const auto dil_w = static_cast<std::ptrdiff_t>(g.dilation[2]);

  for (std::size_t plane = 0; plane < layout.batch * layout.channels; ++plane) {
    const T* src = data + plane * in_plane;
    const std::size_t plane_index = plane * in_plane;
    for (const WindowSpan& sd : g.spans[0]) {
      for (const WindowSpan& sh : g.spans[1]) {
        for (const WindowSpan& sw : g.spans[2]) {
          std::ptrdiff_t best_at = -1;  // offset in src of the first maximum; -1 while none
          Acc best = Acc(0);
          for (std::size_t kd = sd.k_begin; kd < sd.k_end; ++kd) {
            const std::ptrdiff_t id = sd.origin + static_cast<std::ptrdiff_t>(kd) * dil_d;
            for (std::size_t kh = sh.k_begin; kh < sh.k_end; ++kh) {
              const std::ptrdiff_t ih = sh.origin + static_cast<std::ptrdiff_t>(kh) * dil_h;
              const std::ptrdiff_t row = (id * in_h + ih) * in_w + sw.origin;
              for (std::size_t kw = sw.k_begin; kw < sw.k_end; ++kw) {
                const std::ptrdiff_t at = row + static_cast<std::ptrdiff_t>(kw) * dil_w;
                const Acc value = static_cast<Acc>(src[at]);
                if (best_at < 0 || value > best) {
                  best = value;
                  best_at = at;
                }
              }
            }
          }
          *out++ = best_at < 0 ? empty_window_max<T>() : src[best_at];
          if (indices != nullptr) {
            *indices++ =
                best_at < 0
                    ? Index(0)
                    : static_cast<Index>((plane_index + static_cast<std::size_t>(best_at)) % layout.index_period);
          }
        }
      }
    }
  }
}

template <typename T>
void run_avg_pool(const PoolingLayout& layout, const T* data, T* out, bool exclude_pad) {
  using Acc = accumulator_t<T>;
  static_assert(!std::is_integral_v<T>, "AvgPool is defined for floating-point types only");
  const WindowGeometry& g = layout.geometry;
  const std::size_t in_plane = g.in_size();
  const auto in_h = static_cast<std::ptrdiff_t>(g.in[1]);
  const auto in_w = static_cast<std::ptrdiff_t>(g.in[2]);
  const auto dil_d = static_cast<std::ptrdiff_t>(g.dilation[0]);
  const auto dil_h = static_cast<std::ptrdiff_t>(g.dilation[1]);
  const auto dil_w = static_cast<std::ptrdiff_t>(g.dilation[2]);
  // OpenVINO's divisor: with exclude_pad off and some padding, always the whole kernel (even where
  // a ceil-rounded window hangs past pads_end); otherwise the taps inside the input.
  const bool counts_padding = !exclude_pad && g.has_padding;
  const std::size_t kernel_size = g.kernel_size();

  for (std::size_t plane = 0; plane < layout.batch * layout.channels; ++plane) {
    const T* src = data + plane * in_plane;
    for (const WindowSpan& sd : g.spans[0]) {
      for (const WindowSpan& sh : g.spans[1]) {
        for (const WindowSpan& sw : g.spans[2]) {
          Acc sum = Acc(0);
          for (std::size_t kd = sd.k_begin; kd < sd.k_end; ++kd) {
            const std::ptrdiff_t id = sd.origin + static_cast<std::ptrdiff_t>(kd) * dil_d;
            for (std::size_t kh = sh.k_begin; kh < sh.k_end; ++kh) {
              const std::ptrdiff_t ih = sh.origin + static_cast<std::ptrdiff_t>(kh) * dil_h;
              const std::ptrdiff_t row = (id * in_h + ih) * in_w + sw.origin;
              for (std::size_t kw = sw.k_begin; kw < sw.k_end; ++kw) {
                sum += static_cast<Acc>(src[row + static_cast<std::ptrdiff_t>(kw) * dil_w]);
              }
            }
          }
          const std::size_t count = counts_padding
                                        ? kernel_size
                                        : (sd.k_end - sd.k_begin) * (sh.k_end - sh.k_begin) * (sw.k_end - sw.k_begin);
          *out++ = static_cast<T>(count == 0 ? Acc(0) : sum / static_cast<Acc>(count));
        }
      }
    }
  }
}

// Convenience entry points: check the shapes, then run. AvgPool-1/14 have no dilations: pass ones.
template <typename T, typename Index = std::int64_t>
void max_pool(const T* data, T* out, Index* indices, const std::vector<std::size_t>& data_shape,
              const std::vector<std::size_t>& out_shape, const std::vector<std::size_t>& kernel,
              const WindowParams& params, std::int64_t axis = 0) {
  run_max_pool(make_pooling_layout("MaxPool", data_shape, out_shape, kernel, params, axis), data, out, indices);
}

template <typename T>
void avg_pool(const T* data, T* out, const std::vector<std::size_t>& data_shape,
              const std::vector<std::size_t>& out_shape, const std::vector<std::size_t>& kernel,
              const WindowParams& params, bool exclude_pad) {
  run_avg_pool(make_pooling_layout("AvgPool", data_shape, out_shape, kernel, params), data, out, exclude_pad);
}

}  // namespace ferry::reference
