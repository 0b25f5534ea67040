// Interpolate-11 on kernels/interpolate.cl: f32 or f16 storage (float arithmetic), up to 8
// dimensions, scales or sizes and axes from Constants; modes nearest (every nearest_mode),
// linear_onnx, linear (PrePostProcessor's resize) and cubic, with the coordinate transformations half_pixel,
// pytorch_half_pixel, asymmetric, tf_half_pixel_for_nn and align_corners, and zero pads (an axis keeping its length is
// copied, as in the core op). Other modes, transformations, antialias and exclude_outside are not claimed.

#include <cmath>

#include "ferry/graph/ops/interpolate.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

using Interpolate = op::v11::Interpolate;

// The kernel's numbers for the attributes (kernels/interpolate.cl), or -1 when it has none.
int mode_code(Interpolate::InterpolateMode mode) {
  switch (mode) {
    case Interpolate::InterpolateMode::NEAREST:
      return 0;
    case Interpolate::InterpolateMode::LINEAR_ONNX:
    // Without antialias, linear's triangle filter has support 1: every output reads its two
    // nearest inputs per axis with linear_onnx's weights, and where one lies outside, the
    // renormalised weight of the other is 1, as linear_onnx's clamped coordinate gives.
    case Interpolate::InterpolateMode::LINEAR:
      return 1;
    case Interpolate::InterpolateMode::CUBIC:
      return 2;
    default:
      return -1;
  }
}

int transform_code(Interpolate::CoordinateTransformMode mode) {
  switch (mode) {
    case Interpolate::CoordinateTransformMode::HALF_PIXEL:
      return 0;
    case Interpolate::CoordinateTransformMode::PYTORCH_HALF_PIXEL:
      return 1;
    case Interpolate::CoordinateTransformMode::ASYMMETRIC:
      return 2;
    case Interpolate::CoordinateTransformMode::TF_HALF_PIXEL_FOR_NN:
      return 3;
    case Interpolate::CoordinateTransformMode::ALIGN_CORNERS:
      return 4;
    default:
      return -1;
  }
}

int nearest_code(Interpolate::NearestMode mode) {
  switch (mode) {
    case Interpolate::NearestMode::ROUND_PREFER_FLOOR:
      return 0;
    case Interpolate::NearestMode::ROUND_PREFER_CEIL:
      return 1;
    case Interpolate::NearestMode::FLOOR:
      return 2;
    case Interpolate::NearestMode::CEIL:
      return 3;
    case Interpolate::NearestMode::SIMPLE:
      return 4;
    default:
      return -1;
  }
}

// The resized axes (in the order of the scales) and, in scales mode, their scales.
struct Resize {
  std::vector<int64_t> axes;
  std::vector<double> scales;
};

bool resize_of(const Interpolate& op, Resize& out) {
  const int64_t rank = static_cast<int64_t>(op.get_input_shape(0).size());
  if (op.get_input_size() == 3) {
    if (!constant_ints(op, 2, out.axes)) return false;
  } else {
    for (int64_t axis = 0; axis < rank; ++axis) out.axes.push_back(axis);
  }
  for (int64_t& axis : out.axes) {
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank) return false;
  }
  if (op.get_attrs().shape_calculation_mode == Interpolate::ShapeCalcMode::SCALES)
    return constant_reals(op, 1, out.scales) && out.scales.size() == out.axes.size();
  return true;
}

bool supports(const Node& node) {
  const auto* op = dynamic_cast<const Interpolate*>(&node);
  if (!op || !is_float_storage(node.get_input_element_type(0)) ||
      node.get_output_element_type(0) != node.get_input_element_type(0))
    return false;
  const auto& attrs = op->get_attrs();
  if (attrs.antialias || attrs.exclude_outside || mode_code(attrs.mode) < 0 ||
      transform_code(attrs.coordinate_transformation_mode) < 0 || nearest_code(attrs.nearest_mode) < 0)
    return false;
  const Shape& x = node.get_input_shape(0);
  if (x.size() > kMaxKernelRank || (element_count(x) == 0 && element_count(node.get_output_shape(0)) != 0))
    return false;
  Resize resize;
  return resize_of(*op, resize);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const auto& op = dynamic_cast<const Interpolate&>(node);
  const auto& attrs = op.get_attrs();
  Resize resize;
  resize_of(op, resize);
  const Shape& x = node.get_input_shape(0);
  const Shape& y = node.get_output_shape(0);
  const size_t rank = x.size();
  std::vector<int64_t> pads(rank, 0), padded(rank, 0), resized(rank, 0);
  for (size_t k = 0; k < rank; ++k) {
    pads[k] = k < attrs.pads_begin.size() ? static_cast<int64_t>(attrs.pads_begin[k]) : 0;
    const int64_t end = k < attrs.pads_end.size() ? static_cast<int64_t>(attrs.pads_end[k]) : 0;
    padded[k] = static_cast<int64_t>(x[k]) + pads[k] + end;
  }
  // Scales travel as two floats whose sum is the double (exact for f32 scales).
  cl_float8 scale_hi{}, scale_lo{};
  for (size_t i = 0; i < resize.axes.size(); ++i) {
    const auto axis = static_cast<size_t>(resize.axes[i]);
    // As the core op: an axis whose length does not change is copied, whatever the mode.
    if (static_cast<int64_t>(y[axis]) == padded[axis]) continue;
    resized[axis] = 1;
    if (resize.scales.empty()) continue;
    scale_hi.s[axis] = static_cast<float>(resize.scales[i]);
    scale_lo.s[axis] = static_cast<float>(resize.scales[i] - static_cast<double>(scale_hi.s[axis]));
  }
  KernelStep step("interpolate.cl", storage_option(node.get_input_element_type(0)), "interpolate");
  step.value(inputs[0]).value(outputs[0]).i32(rank).int8(dims_of(y)).int8(dims_of(x)).int8(dense_strides(x), 0);
  step.int8(pads, 0).int8(padded).int8(resized, 0).scalar(scale_hi).scalar(scale_lo);
  step.i32(resize.scales.empty() ? 1 : 0).i32(mode_code(attrs.mode));
  step.i32(transform_code(attrs.coordinate_transformation_mode)).i32(nearest_code(attrs.nearest_mode));
  step.f32(attrs.cube_coeff).range1(element_count(y));
  return {step};
}

}  // namespace

const Primitive& interpolate_primitive() {
  static const Primitive primitive{"interpolate", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
