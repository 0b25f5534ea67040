// Resizing ONNX ops on Interpolate-11: Resize (opsets 10-17) and Upsample (opsets 7-9).
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

using Interpolate = op::v11::Interpolate;

Interpolate::InterpolateMode interpolate_mode(const NodeContext& context) {
  const std::string mode = context.attr_string("mode", "nearest");
  if (mode == "nearest") return Interpolate::InterpolateMode::NEAREST;
  if (mode == "linear" || mode == "bilinear") return Interpolate::InterpolateMode::LINEAR_ONNX;
  if (mode == "cubic" && context.proto().op_type() == "Resize") return Interpolate::InterpolateMode::CUBIC;
  context.fail("attribute 'mode' has unsupported value '", mode, "'");
}

// Resize-10 and Upsample: asymmetric coordinates, nearest rounds down; scales for every axis.
OutputVector convert_legacy(const NodeContext& context, const Output<Node>& scales) {
  Interpolate::InterpolateAttrs attrs;
  attrs.mode = interpolate_mode(context);
  attrs.shape_calculation_mode = Interpolate::ShapeCalcMode::SCALES;
  attrs.coordinate_transformation_mode = Interpolate::CoordinateTransformMode::ASYMMETRIC;
  attrs.nearest_mode = Interpolate::NearestMode::FLOOR;
  return {std::make_shared<Interpolate>(context.input(0), scales, attrs)};
}

OutputVector convert_upsample(const NodeContext& context) {
  if (context.opset() >= 9) return convert_legacy(context, context.input(1));
  const auto scales = context.attr_floats("scales");
  return convert_legacy(context, op::v0::Constant::create(element::f32, Shape{scales.size()}, scales));
}

Interpolate::CoordinateTransformMode coordinate_transform(const NodeContext& context) {
  using Transform = Interpolate::CoordinateTransformMode;
  const std::string transform = context.attr_string("coordinate_transformation_mode", "half_pixel");
  if (transform == "half_pixel") return Transform::HALF_PIXEL;
  if (transform == "pytorch_half_pixel") return Transform::PYTORCH_HALF_PIXEL;
  if (transform == "align_corners") return Transform::ALIGN_CORNERS;
  if (transform == "asymmetric") return Transform::ASYMMETRIC;
  if (transform == "tf_half_pixel_for_nn") return Transform::TF_HALF_PIXEL_FOR_NN;
  if (transform == "tf_crop_and_resize") return Transform::TF_CROP_AND_RESIZE;
  context.fail("attribute 'coordinate_transformation_mode' has unsupported value '", transform, "'");
}

Interpolate::NearestMode nearest_mode(const NodeContext& context) {
  const std::string nearest = context.attr_string("nearest_mode", "round_prefer_floor");
  if (nearest == "round_prefer_floor") return Interpolate::NearestMode::ROUND_PREFER_FLOOR;
  if (nearest == "round_prefer_ceil") return Interpolate::NearestMode::ROUND_PREFER_CEIL;
  if (nearest == "floor") return Interpolate::NearestMode::FLOOR;
  if (nearest == "ceil") return Interpolate::NearestMode::CEIL;
  context.fail("attribute 'nearest_mode' has unsupported value '", nearest, "'");
}

// The axes input: Resize-18's "axes" attribute, else every axis (only needed next to roi).
Output<Node> resize_axes(const NodeContext& context, bool needed) {
  std::vector<int64_t> axes = context.attr_ints("axes", {});
  if (axes.empty() && needed) {
    const auto rank = context.input(0).get_partial_shape().rank();
    if (rank.is_dynamic()) context.fail("tf_crop_and_resize needs the rank of X (its roi lists every axis)");
    for (int64_t axis = 0; axis < rank.get_length(); ++axis) axes.push_back(axis);
  }
  if (axes.empty()) return {};
  return op::v0::Constant::create(element::i64, Shape{axes.size()}, axes);
}

// Resize-11..18 on Interpolate-11: linear is ONNX's 2-tap linear_onnx (antialias and
// exclude_outside as Ferry's extensions of it); tf_crop_and_resize passes roi (input 1) as
// Interpolate's 4th input.
OutputVector convert_resize(const NodeContext& context) {
  if (context.opset() < 11) return convert_legacy(context, context.input(1));
  Interpolate::InterpolateAttrs attrs;
  attrs.mode = interpolate_mode(context);
  attrs.coordinate_transformation_mode = coordinate_transform(context);
  attrs.nearest_mode = nearest_mode(context);
  attrs.cube_coeff = context.attr_float("cubic_coeff_a", -0.75f);
  attrs.exclude_outside = context.attr_int("exclude_outside", 0) != 0;
  attrs.extrapolation_value = context.attr_float("extrapolation_value", 0.0f);
  attrs.antialias = context.attr_int("antialias", 0) != 0;
  if (attrs.antialias && attrs.mode == Interpolate::InterpolateMode::NEAREST)
    context.fail("antialias applies to linear and cubic, not to mode 'nearest'");
  const std::string policy = context.attr_string("keep_aspect_ratio_policy", "stretch");
  if (policy != "stretch") context.fail("attribute 'keep_aspect_ratio_policy' '", policy, "' is not supported");
  const bool crop = attrs.coordinate_transformation_mode == Interpolate::CoordinateTransformMode::TF_CROP_AND_RESIZE;
  if (crop && !context.has_input(1)) context.fail("tf_crop_and_resize needs the roi input");
  const bool sizes = context.has_input(3);
  attrs.shape_calculation_mode = sizes ? Interpolate::ShapeCalcMode::SIZES : Interpolate::ShapeCalcMode::SCALES;
  const Output<Node>& target = context.input(sizes ? 3 : 2);
  // roi (input 1) matters only to tf_crop_and_resize.
  const Output<Node> axes = resize_axes(context, crop);
  if (crop) return {std::make_shared<Interpolate>(context.input(0), target, axes, context.input(1), attrs)};
  if (axes.get_node()) return {std::make_shared<Interpolate>(context.input(0), target, axes, attrs)};
  return {std::make_shared<Interpolate>(context.input(0), target, attrs)};
}

}  // namespace

void add_resize_converters(ConverterTable& table) {
  table["Resize"] = convert_resize;
  table["Upsample"] = convert_upsample;
}

}  // namespace onnx_frontend
}  // namespace ferry
