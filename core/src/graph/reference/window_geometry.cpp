#include "core/src/graph/reference/window_geometry.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"

namespace ferry::reference {
namespace {

std::ptrdiff_t ceil_div(std::ptrdiff_t a, std::ptrdiff_t b) { return (a + b - 1) / b; }

// The taps k in [0, taps) with 0 <= origin + k * dilation < extent, as [*first, *first + count).
std::size_t taps_inside(std::ptrdiff_t origin, std::size_t taps, std::ptrdiff_t dilation, std::ptrdiff_t extent,
                        std::size_t* first) {
  const std::ptrdiff_t k_lo = origin >= 0 ? 0 : ceil_div(-origin, dilation);
  const std::ptrdiff_t k_hi =
      origin >= extent ? 0 : std::min<std::ptrdiff_t>(taps, ceil_div(extent - origin, dilation));
  const std::ptrdiff_t begin = std::min<std::ptrdiff_t>(k_lo, taps);
  *first = static_cast<std::size_t>(begin);
  return k_hi > begin ? static_cast<std::size_t>(k_hi - begin) : 0;
}

}  // namespace

std::vector<std::size_t> spatial_dims(const char* kernel_name, const char* what,
                                      const std::vector<std::size_t>& shape) {
  FERRY_ASSERT(shape.size() >= 3 && shape.size() <= 5, kernel_name, ": ", what,
               " must have rank 3, 4 or 5 ([N, C, spatial...]), got rank ", shape.size());
  return {shape.begin() + 2, shape.end()};
}

WindowGeometry make_window_geometry(const char* kernel_name, const std::vector<std::size_t>& in_spatial,
                                    const std::vector<std::size_t>& out_spatial,
                                    const std::vector<std::size_t>& kernel_spatial, const WindowParams& params) {
  const std::size_t rank = in_spatial.size();
  FERRY_ASSERT(rank >= 1 && rank <= WindowGeometry::kAxes, kernel_name,
               ": only 1, 2 or 3 spatial dimensions are supported, got ", rank);
  FERRY_ASSERT(out_spatial.size() == rank && kernel_spatial.size() == rank && params.strides.size() == rank &&
                   params.dilations.size() == rank && params.pads_begin.size() == rank &&
                   params.pads_end.size() == rank,
               kernel_name, ": spatial rank ", rank, " disagrees with output (", out_spatial.size(), "), kernel (",
               kernel_spatial.size(), "), strides (", params.strides.size(), "), dilations (", params.dilations.size(),
               ") or pads (", params.pads_begin.size(), ", ", params.pads_end.size(), ")");

  WindowGeometry g;
  const std::size_t skip = WindowGeometry::kAxes - rank;
  for (std::size_t axis = 0; axis < WindowGeometry::kAxes; ++axis) {
    const bool real = axis >= skip;
    const std::size_t i = real ? axis - skip : 0;
    const std::size_t in = real ? in_spatial[i] : 1;
    const std::size_t out = real ? out_spatial[i] : 1;
    const std::size_t kernel = real ? kernel_spatial[i] : 1;
    const std::size_t stride = real ? params.strides[i] : 1;
    const std::size_t dilation = real ? params.dilations[i] : 1;
    const std::ptrdiff_t pad_begin = real ? params.pads_begin[i] : 0;
    const std::ptrdiff_t pad_end = real ? params.pads_end[i] : 0;
    FERRY_ASSERT(stride > 0 && dilation > 0, kernel_name, ": strides and dilations must be positive (axis ", i,
                 ": stride ", stride, ", dilation ", dilation, ")");

    g.in[axis] = in;
    g.out[axis] = out;
    g.kernel[axis] = kernel;
    g.dilation[axis] = dilation;
    auto& spans = g.spans[axis];
    spans.resize(out);
    const auto in_extent = static_cast<std::ptrdiff_t>(in);
    for (std::size_t o = 0; o < out; ++o) {
      WindowSpan& span = spans[o];
      span.origin = static_cast<std::ptrdiff_t>(o * stride) - pad_begin;
      const std::size_t inside =
          taps_inside(span.origin, kernel, static_cast<std::ptrdiff_t>(dilation), in_extent, &span.k_begin);
      span.k_end = span.k_begin + inside;
    }
    g.has_padding = g.has_padding || pad_begin != 0 || pad_end != 0;
  }
  return g;
}

}  // namespace ferry::reference
