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

OutputVector convert_resize(const NodeContext& context) {
  if (context.opset() < 11) return convert_legacy(context, context.input(1));
  Interpolate::InterpolateAttrs attrs;
  attrs.mode = interpolate_mode(context);
  const std::string transform = context.attr_string("coordinate_transformation_mode", "half_pixel");
  if (transform == "half_pixel")
    attrs.coordinate_transformation_mode = Interpolate::CoordinateTransformMode::HALF_PIXEL;
  else if (transform == "pytorch_half_pixel")
    attrs.coordinate_transformation_mode = Interpolate::CoordinateTransformMode::PYTORCH_HALF_PIXEL;
  else if (transform == "align_corners")
    attrs.coordinate_transformation_mode = Interpolate::CoordinateTransformMode::ALIGN_CORNERS;
  else if (transform == "asymmetric")
    attrs.coordinate_transformation_mode = Interpolate::CoordinateTransformMode::ASYMMETRIC;
  else if (transform == "tf_half_pixel_for_nn")
    attrs.coordinate_transformation_mode = Interpolate::CoordinateTransformMode::TF_HALF_PIXEL_FOR_NN;
  else
    context.fail("attribute 'coordinate_transformation_mode' has unsupported value '", transform, "'");
  const std::string nearest = context.attr_string("nearest_mode", "round_prefer_floor");
  if (nearest == "round_prefer_floor")
    attrs.nearest_mode = Interpolate::NearestMode::ROUND_PREFER_FLOOR;
  else if (nearest == "round_prefer_ceil")
    attrs.nearest_mode = Interpolate::NearestMode::ROUND_PREFER_CEIL;
  else if (nearest == "floor")
    attrs.nearest_mode = Interpolate::NearestMode::FLOOR;
  else if (nearest == "ceil")
    attrs.nearest_mode = Interpolate::NearestMode::CEIL;
  else
    context.fail("attribute 'nearest_mode' has unsupported value '", nearest, "'");
  attrs.cube_coeff = context.attr_float("cubic_coeff_a", -0.75f);
  if (context.attr_int("exclude_outside", 0) != 0 && attrs.mode == Interpolate::InterpolateMode::CUBIC)
    context.fail("exclude_outside 1 is not supported");
  context.attr_float("extrapolation_value", 0.0f);  // only read by tf_crop_and_resize
  // roi (input 1) only matters for tf_crop_and_resize, refused above.
  if (context.has_input(3)) {
    attrs.shape_calculation_mode = Interpolate::ShapeCalcMode::SIZES;
    return {std::make_shared<Interpolate>(context.input(0), context.input(3), attrs)};
  }
  attrs.shape_calculation_mode = Interpolate::ShapeCalcMode::SCALES;
  return {std::make_shared<Interpolate>(context.input(0), context.input(2), attrs)};
}

}  // namespace

void add_resize_converters(ConverterTable& table) {
  table["Resize"] = convert_resize;
  table["Upsample"] = convert_upsample;
}

}  // namespace onnx_frontend
}  // namespace ferry
