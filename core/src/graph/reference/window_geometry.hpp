#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace ferry::reference {

// Attributes shared by every sliding-window kernel (convolution and pooling). One entry per
// spatial dimension; pads may be negative (a crop), as in OpenVINO's CoordinateDiff.
struct WindowParams {
  std::vector<std::size_t> strides;
  std::vector<std::size_t> dilations;
  std::vector<std::ptrdiff_t> pads_begin;
  std::vector<std::ptrdiff_t> pads_end;
};

// For one output coordinate along one spatial axis: the taps k in [k_begin, k_end) that land
// inside the input, and where tap 0 lands (may be outside the input).
struct WindowSpan {
  std::ptrdiff_t origin;
  std::size_t k_begin;
  std::size_t k_end;
};

// A 1-D, 2-D or 3-D window layout normalized to exactly 3 spatial axes: missing leading axes have
// extent 1, so the kernels need one loop nest only. The spans are precomputed once per call, so
// the inner loops carry no bounds checks and no division.
struct WindowGeometry {
  static constexpr std::size_t kAxes = 3;
  std::array<std::size_t, kAxes> in{};
  std::array<std::size_t, kAxes> out{};
  std::array<std::size_t, kAxes> kernel{};
  std::array<std::size_t, kAxes> dilation{};
  // spans[axis][o]: the valid taps of output coordinate o along axis.
  std::array<std::vector<WindowSpan>, kAxes> spans;
  bool has_padding = false;  // any pads_begin or pads_end is non-zero

  std::size_t in_size() const { return in[0] * in[1] * in[2]; }
  std::size_t out_size() const { return out[0] * out[1] * out[2]; }
  std::size_t kernel_size() const { return kernel[0] * kernel[1] * kernel[2]; }
};

// Builds the geometry from spatial extents (the shapes without N and C). Throws ferry::Exception
// naming `kernel_name` when the ranks disagree, a stride or dilation is zero, or the spatial rank
// is not 1, 2 or 3.
WindowGeometry make_window_geometry(const char* kernel_name, const std::vector<std::size_t>& in_spatial,
                                    const std::vector<std::size_t>& out_spatial,
                                    const std::vector<std::size_t>& kernel_spatial, const WindowParams& params);

// The spatial part of an [N, C, spatial...] shape; throws when the rank is below 3.
std::vector<std::size_t> spatial_dims(const char* kernel_name, const char* what, const std::vector<std::size_t>& shape);

}  // namespace ferry::reference
