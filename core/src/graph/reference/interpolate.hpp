#pragma once

// Interpolate's reference: per resized axis, each output position reads a few input positions
// with weights ("taps"); every mode is separable, so axes are resized one after another.
#include <cstddef>
#include <limits>
#include <vector>

#include "ferry/base/shape.hpp"
#include "ferry/graph/ops/interpolate.hpp"

namespace ferry {
namespace reference {

// A tap with index kConstantTap adds its weight itself (tf_crop_and_resize's
// extrapolation_value) instead of weighting an input element.
constexpr size_t kConstantTap = std::numeric_limits<size_t>::max();

struct InterpolateTap {
  size_t index;
  double weight;
};
using AxisTaps = std::vector<std::vector<InterpolateTap>>;  // [output position] -> taps

// One axis to resize: input length `in_length` to `out_length`; `scale` is the factor the
// coordinate transformation divides by (out / in in sizes mode, the given scale in scales
// mode); roi_start/roi_end are tf_crop_and_resize's crop window, in fractions of the axis.
struct AxisResize {
  size_t in_length = 0;
  size_t out_length = 0;
  double scale = 1.0;
  double roi_start = 0.0;
  double roi_end = 1.0;
};

// The taps of one axis.
AxisTaps interpolate_taps(const op::v11::Interpolate::InterpolateAttrs& attrs, const AxisResize& axis);

// Resizes `values` of shape `shape` (updated) along `axis` with `taps`.
std::vector<double> interpolate_axis(const std::vector<double>& values, Shape& shape, size_t axis,
                                     const AxisTaps& taps);

}  // namespace reference
}  // namespace ferry
