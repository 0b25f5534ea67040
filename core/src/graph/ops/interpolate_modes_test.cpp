// Interpolate's filtering modes against independent references. Expected values were computed
// outside Ferry: OpenVINO 2026.4's Interpolate-11 reference (Node.evaluate), PIL 13's
// Image.resize on mode "F" images, torch 2.15's interpolate(mode="bilinear", antialias=True),
// and onnx 1.23's ReferenceEvaluator for the Resize-only features (exclude_outside,
// tf_crop_and_resize, Resize-18 antialias). Tolerance: 2e-5 absolute (they are f32 results).
#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/interpolate.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;
using Interp = v11::Interpolate;
using Mode = Interp::InterpolateMode;
using Transform = Interp::CoordinateTransformMode;

constexpr float kTolerance = 2e-5f;
const std::vector<float> kRow{1, 5, 2, 8, 3, 0, 4, 7};
// 4 x 6
const std::vector<float> kImage{3, 8, 1, 9, 4, 6, 2, 7, 5, 0, 8, 1, 9, 3, 6, 2, 7, 4, 5, 1, 8, 6, 0, 3};

Interp::InterpolateAttrs attrs_of(Mode mode, Transform transform = Transform::HALF_PIXEL) {
  Interp::InterpolateAttrs attrs;
  attrs.mode = mode;
  attrs.shape_calculation_mode = Interp::ShapeCalcMode::SIZES;
  attrs.coordinate_transformation_mode = transform;
  return attrs;
}

std::shared_ptr<Node> i64s(const std::vector<int64_t>& values) {
  return v0::Constant::create(element::i64, Shape{values.size()}, values);
}

// Resizes `data` of `shape` to `sizes` along its last sizes.size() axes.
std::vector<float> resize(const Interp::InterpolateAttrs& attrs, const Shape& shape, const std::vector<float>& data,
                          const std::vector<int64_t>& sizes, const std::vector<float>& roi = {}) {
  std::vector<int64_t> axes;
  for (size_t i = shape.size() - sizes.size(); i < shape.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  TensorVector inputs{make_tensor(element::f32, shape, data), make_tensor(element::i64, {sizes.size()}, sizes),
                      make_tensor(element::i64, {axes.size()}, axes)};
  std::shared_ptr<Node> op;
  if (roi.empty()) {
    op = std::make_shared<Interp>(param(element::f32, shape), i64s(sizes), i64s(axes), attrs);
  } else {
    inputs.push_back(make_tensor(element::f32, {roi.size()}, roi));
    op = std::make_shared<Interp>(param(element::f32, shape), i64s(sizes), i64s(axes),
                                  param(element::f32, Shape{roi.size()}), attrs);
  }
  return values_of<float>(run(op, inputs)[0]);
}

void expect_near(const std::vector<float>& got, const std::vector<float>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], kTolerance) << "element " << i;
}

TEST(InterpolateModes, LinearIsANormalisedTriangleInsideTheInput) {
  // OpenVINO reference; upscaling with half_pixel equals 2-tap linear with edge clamping.
  expect_near(resize(attrs_of(Mode::LINEAR), {8}, kRow, {3}), {4.3333335f, 5.5f, 4.5f});
  const std::vector<float> up{1, 3, 4.5f, 2.5f, 5, 7.1666665f, 3.8333333f, 1.5f, 0.6666667f, 3.3333333f, 5.5f, 7};
  expect_near(resize(attrs_of(Mode::LINEAR), {8}, kRow, {12}), up);
  expect_near(resize(attrs_of(Mode::LINEAR_ONNX), {8}, kRow, {12}), up);
  // 2-D upscale 4x6 -> 6x9, first and last rows (OpenVINO reference).
  const auto grid = resize(attrs_of(Mode::LINEAR), {4, 6}, kImage, {6, 9});
  ASSERT_EQ(grid.size(), 54u);
  expect_near(std::vector<float>(grid.begin(), grid.begin() + 9),
              {3, 5.5f, 6.833334f, 2.1666672f, 5, 8.166667f, 4.8333325f, 5, 6});
  expect_near(std::vector<float>(grid.end() - 9, grid.end()), {5, 3, 2.1666663f, 6.8333325f, 7, 5, 1, 1.5f, 3});
}

TEST(InterpolateModes, LinearAntialiasWidensTheTriangleWhenShrinking) {
  auto attrs = attrs_of(Mode::LINEAR);
  attrs.antialias = true;
  // torch interpolate(bilinear, antialias=True) and PIL BILINEAR agree with these.
  expect_near(resize(attrs, {8}, kRow, {3}), {3.368421f, 3.952381f, 3.8421052f});
  expect_near(resize(attrs, {8}, kRow, {5}), {2.6363637f, 3.8888888f, 5.125f, 1.5925926f, 5.7727275f});
  expect_near(resize(attrs, {4, 6}, kImage, {3, 2}), {4.9f, 4.925f, 4.75f, 4.375f, 4.6f, 3.7375f});
  // Upscaling ignores antialias.
  expect_near(resize(attrs, {8}, kRow, {12}), resize(attrs_of(Mode::LINEAR), {8}, kRow, {12}));
  // Other coordinate modes move the centres (OpenVINO reference).
  attrs.coordinate_transformation_mode = Transform::ASYMMETRIC;
  expect_near(resize(attrs, {8}, kRow, {3}), {2.4666667f, 4.5238094f, 3.0952384f});
  attrs.coordinate_transformation_mode = Transform::ALIGN_CORNERS;
  expect_near(resize(attrs, {8}, kRow, {3}), {2.4666667f, 3.952381f, 5.0666666f});
}

TEST(InterpolateModes, BilinearPillowMatchesPil) {
  const auto attrs = attrs_of(Mode::BILINEAR_PILLOW);
  expect_near(resize(attrs, {1, 8}, kRow, {1, 3}), {3.368421f, 3.952381f, 3.8421052f});
  expect_near(resize(attrs, {1, 8}, kRow, {1, 12}),
              {1, 3, 4.5f, 2.5f, 5, 7.1666665f, 3.8333333f, 1.5f, 0.6666667f, 3.3333333f, 5.5f, 7});
  expect_near(resize(attrs, {4, 6}, kImage, {3, 2}), {4.9f, 4.925f, 4.75f, 4.375f, 4.6f, 3.7375f});
  // Pillow always antialiases and has no coordinate modes.
  auto other = attrs_of(Mode::BILINEAR_PILLOW, Transform::ALIGN_CORNERS);
  other.antialias = true;
  expect_near(resize(other, {1, 8}, kRow, {1, 3}), {3.368421f, 3.952381f, 3.8421052f});
}

TEST(InterpolateModes, BicubicPillowMatchesPil) {
  auto attrs = attrs_of(Mode::BICUBIC_PILLOW);
  attrs.cube_coeff = -0.5;  // Pillow's kernel
  expect_near(resize(attrs, {1, 8}, kRow, {1, 3}), {3.2671204f, 3.9812791f, 3.8063896f});
  // Pillow's a = -0.5 whatever cube_coeff says, as OpenVINO does.
  auto default_coeff = attrs_of(Mode::BICUBIC_PILLOW);
  default_coeff.cube_coeff = -0.75;
  expect_near(resize(default_coeff, {1, 8}, kRow, {1, 3}), {3.2671204f, 3.9812791f, 3.8063896f});
  expect_near(resize(attrs, {1, 8}, kRow, {1, 5}), {2.5423346f, 3.9906662f, 5.3470435f, 1.0970728f, 5.9292536f});
  expect_near(resize(attrs, {1, 8}, kRow, {1, 12}),
              {0.7368421f, 3.0588236f, 4.8009257f, 2.0601852f, 5.125f, 7.7800927f, 3.8449075f, 0.9375f, 0.27314815f,
               3.3101852f, 5.8235292f, 7.1973686f});
  expect_near(resize(attrs, {4, 6}, kImage, {3, 4}),
              {4.5480328f, 4.4508395f, 5.6718574f, 4.7086825f, 5.423708f, 4.8352036f, 3.4591749f, 4.580348f, 4.33714f,
               5.2952123f, 4.2785697f, 2.629646f});
}

TEST(InterpolateModes, PillowOnBytesRoundsLikePil) {
  // PIL mode "L": {10, 200, 30, 250, 0} -> {103, 118} (103.18 and 118.18 before rounding).
  auto op = std::make_shared<Interp>(param(element::u8, Shape{1, 5}), i64s({1, 2}), attrs_of(Mode::BILINEAR_PILLOW));
  const auto out = run(op, {make_tensor(element::u8, {1, 5}, std::vector<uint8_t>{10, 200, 30, 250, 0}),
                            make_tensor(element::i64, {2}, std::vector<int64_t>{1, 2})});
  EXPECT_EQ(values_of<uint8_t>(out[0]), (std::vector<uint8_t>{103, 118}));
}

TEST(InterpolateModes, CubicExcludeOutsideRenormalisesTheTapsInside) {
  auto attrs = attrs_of(Mode::CUBIC);
  attrs.cube_coeff = -0.5;
  expect_near(resize(attrs, {8}, kRow, {3}), {4.69213f, 6.0625f, 4.5925913f});
  attrs.exclude_outside = true;
  expect_near(resize(attrs, {8}, kRow, {3}), {4.6498847f, 6.0625f, 4.6201363f});
  attrs.cube_coeff = -0.75;
  expect_near(resize(attrs, {4}, {1, 5, 2, 8}, {7}),
              {0.50990236f, 2.3932412f, 4.8958697f, 3.3125f, 2.2252376f, 5.9931917f, 8.7351465f});
}

TEST(InterpolateModes, OnnxAntialiasOnLinearOnnxAndCubic) {
  auto linear = attrs_of(Mode::LINEAR_ONNX);
  linear.antialias = true;
  expect_near(resize(linear, {8}, kRow, {3}), {3.0930233f, 3.952381f, 4.2093024f});  // edges repeat
  linear.exclude_outside = true;
  expect_near(resize(linear, {8}, kRow, {3}), {3.368421f, 3.952381f, 3.8421052f});  // = PIL bilinear
  auto cubic = attrs_of(Mode::CUBIC);
  cubic.antialias = true;
  expect_near(resize(cubic, {8}, kRow, {3}), {3.1816187f, 3.9160361f, 3.958906f});
  cubic.exclude_outside = true;
  cubic.cube_coeff = -0.5;
  expect_near(resize(cubic, {8}, kRow, {3}), {3.2671204f, 3.9812791f, 3.8063896f});  // = PIL bicubic
}

TEST(InterpolateModes, TfCropAndResizeSamplesTheRoiAndExtrapolates) {
  auto attrs = attrs_of(Mode::LINEAR_ONNX, Transform::TF_CROP_AND_RESIZE);
  attrs.extrapolation_value = -1.0;
  expect_near(resize(attrs, {8}, kRow, {4}, {0.2f, 1.2f}), {3.8f, 4.3333335f, 4.2f, -1});
  attrs.mode = Mode::NEAREST;
  attrs.extrapolation_value = 9.0;
  expect_near(resize(attrs, {8}, kRow, {5}, {-0.1f, 0.6f}), {9, 5, 2, 8, 3});
  attrs.mode = Mode::CUBIC;
  expect_near(resize(attrs, {8}, kRow, {3}, {0.1f, 0.8f}), {4.2147503f, 7.8922815f, 1.9079976f});
  // 2-D: roi {start_h, start_w, end_h, end_w}; a row or column outside gives -5 throughout.
  attrs.mode = Mode::LINEAR_ONNX;
  attrs.extrapolation_value = -5.0;
  expect_near(resize(attrs, {3, 4}, {3, 8, 1, 9, 2, 7, 5, 0, 9, 3, 6, 2}, {3, 3}, {0.0f, 0.5f, 1.2f, 1.1f}),
              {4.5f, 4.2f, -5, 5.7f, 3.28f, -5, -5, -5, -5});
}

TEST(InterpolateModes, AnAxisOfUnchangedLengthIsCopied) {
  // OpenVINO: tf_half_pixel_for_nn would shift the rows by half a pixel; they stay as they are.
  std::vector<float> square(16);
  for (size_t i = 0; i < 16; ++i) square[i] = static_cast<float>(i * i);
  expect_near(resize(attrs_of(Mode::LINEAR, Transform::TF_HALF_PIXEL_FOR_NN), {4, 4}, square, {4, 3}),
              {0.6666667f, 4, 9, 22, 36, 49, 75.33333f, 100, 121, 160.66667f, 196, 225});
}

TEST(InterpolateModes, RoiErrorsNameTheCause) {
  const auto crop = attrs_of(Mode::LINEAR_ONNX, Transform::TF_CROP_AND_RESIZE);
  const auto data = param(element::f32, Shape{2, 3});
  EXPECT_THROW_WITH(std::make_shared<Interp>(data, i64s({4}), i64s({1}), crop), "Interpolate '",
                    "tf_crop_and_resize needs the roi input");
  EXPECT_THROW_WITH(
      std::make_shared<Interp>(data, i64s({4}), i64s({1}), param(element::f32, Shape{2}), attrs_of(Mode::LINEAR_ONNX)),
      "only read by tf_crop_and_resize");
  EXPECT_THROW_WITH(std::make_shared<Interp>(data, i64s({4}), i64s({1}), param(element::f32, Shape{4}), crop),
                    "roi must hold a start and an end per axis (2 values)");
  EXPECT_THROW_WITH(std::make_shared<Interp>(data, i64s({4}), i64s({1}), param(element::i64, Shape{2}), crop),
                    "roi must be real numbers");
  auto pillow = crop;
  pillow.mode = Mode::BICUBIC_PILLOW;
  EXPECT_THROW_WITH(std::make_shared<Interp>(data, i64s({4}), i64s({1}), param(element::f32, Shape{2}), pillow),
                    "no tf_crop_and_resize");
  // At run time: the roi's length must match the axes.
  auto op = std::make_shared<Interp>(data, i64s({4}), i64s({1}), param(element::f32, PartialShape("[?]")), crop);
  EXPECT_THROW_WITH(run(op, {make_tensor(element::f32, {2, 3}, std::vector<float>(6, 1.0f)),
                             make_tensor(element::i64, {1}, std::vector<int64_t>{4}),
                             make_tensor(element::i64, {1}, std::vector<int64_t>{1}),
                             make_tensor(element::f32, {3}, std::vector<float>{0, 1, 1})}),
                    "roi holds 3 values");
  auto clone = std::dynamic_pointer_cast<Interp>(op->clone_with_new_inputs(op->input_values()));
  ASSERT_TRUE(clone);
  EXPECT_EQ(clone->get_input_size(), 4u);
  EXPECT_EQ(clone->get_attrs().coordinate_transformation_mode, Transform::TF_CROP_AND_RESIZE);
}

}  // namespace
}  // namespace ferry
