#pragma once

#include <vector>

#include "ferry/base/enum_names.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v11 {

// Resizes `data` along some axes. Inputs: data, scales_or_sizes (1-D: f32 scales or integer
// output lengths, per shape_calculation_mode), optional axes (1-D integer; default: every
// axis, in order), and (a Ferry extension, with tf_crop_and_resize only) roi: 1-D real,
// [starts..., ends...] with one crop window per entry of axes, in fractions of the axis.
// An axis of input length L (after pads_begin/pads_end, which add zeros) becomes
// floor(L * scale) or the given size long; an axis whose length stays the same is copied
// (except under tf_crop_and_resize). Output coordinate x maps back to input coordinate x' by
// coordinate_transformation_mode; then:
//  - nearest picks one element (rounding by nearest_mode);
//  - linear_onnx blends the 2 neighbours, cubic the 4 (Keys' kernel with coefficient
//    cube_coeff), both taking edge values outside the input;
//  - linear (OpenVINO's N-d mode) weights the elements inside the input by a triangle around x'
//    and normalises; with antialias, a downscale by s < 1 widens the triangle to 1 / s;
//  - bilinear_pillow / bicubic_pillow resample as Pillow does (triangle / Keys with Pillow's
//    a = -0.5, stretched by in / out when shrinking; coordinate mode and cube_coeff ignored).
// Ferry extensions for ONNX Resize, none of which OpenVINO's Interpolate-11 has:
//  - exclude_outside (cubic, and antialiased linear_onnx): taps outside the input get weight 0
//    and the rest is renormalised, instead of reading the edge;
//  - antialias on linear_onnx / cubic (ignored by OpenVINO): ONNX-18's antialias, the kernel
//    stretched by 1 / scale when downscaling;
//  - coordinate_transformation_mode tf_crop_and_resize (roi input above): samples outside
//    the input take extrapolation_value.
// Element types: f32, f16, bf16, f64 and i8/u8/i32/i64 (results rounded to nearest).
class Interpolate : public Op {
 public:
  enum class InterpolateMode { NEAREST, LINEAR, LINEAR_ONNX, CUBIC, BILINEAR_PILLOW, BICUBIC_PILLOW };
  enum class ShapeCalcMode { SIZES, SCALES };
  enum class CoordinateTransformMode {
    HALF_PIXEL,
    PYTORCH_HALF_PIXEL,
    ASYMMETRIC,
    TF_HALF_PIXEL_FOR_NN,
    ALIGN_CORNERS,
    TF_CROP_AND_RESIZE
  };
  enum class NearestMode { ROUND_PREFER_FLOOR, ROUND_PREFER_CEIL, FLOOR, CEIL, SIMPLE };

  // IR attributes: "mode", "shape_calculation_mode", "coordinate_transformation_mode",
  // "nearest_mode", "antialias", "pads_begin", "pads_end", "cube_coeff"; Ferry extensions
  // "exclude_outside", "extrapolation_value" (OpenVINO ignores them when reading the IR).
  struct InterpolateAttrs {
    InterpolateMode mode = InterpolateMode::NEAREST;
    ShapeCalcMode shape_calculation_mode = ShapeCalcMode::SIZES;
    Shape pads_begin;
    Shape pads_end;
    CoordinateTransformMode coordinate_transformation_mode = CoordinateTransformMode::HALF_PIXEL;
    NearestMode nearest_mode = NearestMode::ROUND_PREFER_FLOOR;
    bool antialias = false;
    double cube_coeff = -0.75;
    bool exclude_outside = false;
    double extrapolation_value = 0.0;
  };

  FERRY_OP("Interpolate", "opset11")
  Interpolate() = default;
  Interpolate(const Output<Node>& data, const Output<Node>& scales_or_sizes, const InterpolateAttrs& attrs);
  Interpolate(const Output<Node>& data, const Output<Node>& scales_or_sizes, const Output<Node>& axes,
              const InterpolateAttrs& attrs);
  Interpolate(const Output<Node>& data, const Output<Node>& scales_or_sizes, const Output<Node>& axes,
              const Output<Node>& roi, const InterpolateAttrs& attrs);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const InterpolateAttrs& get_attrs() const { return m_attrs; }

 private:
  InterpolateAttrs m_attrs;
};

}  // namespace v11
}  // namespace op

template <>
struct EnumNames<op::v11::Interpolate::InterpolateMode> {
  using Mode = op::v11::Interpolate::InterpolateMode;
  static const std::vector<std::pair<const char*, Mode>>& table() {
    static const std::vector<std::pair<const char*, Mode>> names{{"nearest", Mode::NEAREST},
                                                                 {"linear", Mode::LINEAR},
                                                                 {"linear_onnx", Mode::LINEAR_ONNX},
                                                                 {"cubic", Mode::CUBIC},
                                                                 {"bilinear_pillow", Mode::BILINEAR_PILLOW},
                                                                 {"bicubic_pillow", Mode::BICUBIC_PILLOW}};
    return names;
  }
};

template <>
struct EnumNames<op::v11::Interpolate::ShapeCalcMode> {
  using Mode = op::v11::Interpolate::ShapeCalcMode;
  static const std::vector<std::pair<const char*, Mode>>& table() {
    static const std::vector<std::pair<const char*, Mode>> names{{"sizes", Mode::SIZES}, {"scales", Mode::SCALES}};
    return names;
  }
};

template <>
struct EnumNames<op::v11::Interpolate::CoordinateTransformMode> {
  using Mode = op::v11::Interpolate::CoordinateTransformMode;
  static const std::vector<std::pair<const char*, Mode>>& table() {
    static const std::vector<std::pair<const char*, Mode>> names{
        {"half_pixel", Mode::HALF_PIXEL},       {"pytorch_half_pixel", Mode::PYTORCH_HALF_PIXEL},
        {"asymmetric", Mode::ASYMMETRIC},       {"tf_half_pixel_for_nn", Mode::TF_HALF_PIXEL_FOR_NN},
        {"align_corners", Mode::ALIGN_CORNERS}, {"tf_crop_and_resize", Mode::TF_CROP_AND_RESIZE}};
    return names;
  }
};

template <>
struct EnumNames<op::v11::Interpolate::NearestMode> {
  using Mode = op::v11::Interpolate::NearestMode;
  static const std::vector<std::pair<const char*, Mode>>& table() {
    static const std::vector<std::pair<const char*, Mode>> names{{"round_prefer_floor", Mode::ROUND_PREFER_FLOOR},
                                                                 {"round_prefer_ceil", Mode::ROUND_PREFER_CEIL},
                                                                 {"floor", Mode::FLOOR},
                                                                 {"ceil", Mode::CEIL},
                                                                 {"simple", Mode::SIMPLE}};
    return names;
  }
};

}  // namespace ferry
