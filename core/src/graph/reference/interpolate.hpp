#pragma once

// Interpolate's reference: per resized axis, each output position reads a few input positions
// with weights ("taps"); the kernel is separable, so axes are resized one after another.
#include <cstddef>
#include <vector>

#include "ferry/graph/ops/interpolate.hpp"
#include "ferry/graph/shape.hpp"

namespace ferry {
namespace reference {

struct InterpolateTap {
  size_t index;
  double weight;
};
using AxisTaps = std::vector<std::vector<InterpolateTap>>;  // [output position] -> taps

// The taps of one axis of input length `in_length` resized to `out_length`; `scale` is the
// factor the coordinate transformation divides by (out / in in sizes mode, the given scale in
// scales mode). Modes without a reference kernel throw.
AxisTaps interpolate_taps(const op::v11::Interpolate::InterpolateAttrs& attrs, size_t in_length, size_t out_length,
                          double scale);

// Resizes `values` of shape `shape` (updated) along `axis` with `taps`.
std::vector<double> interpolate_axis(const std::vector<double>& values, Shape& shape, size_t axis,
                                     const AxisTaps& taps);

}  // namespace reference
}  // namespace ferry
