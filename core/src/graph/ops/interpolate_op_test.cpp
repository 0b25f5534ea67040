#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/interpolate.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;
using Interp = v11::Interpolate;

Interp::InterpolateAttrs attrs_of(Interp::InterpolateMode mode, Interp::ShapeCalcMode calc,
                                  Interp::CoordinateTransformMode transform,
                                  Interp::NearestMode nearest = Interp::NearestMode::FLOOR) {
  Interp::InterpolateAttrs attrs;
  attrs.mode = mode;
  attrs.shape_calculation_mode = calc;
  attrs.coordinate_transformation_mode = transform;
  attrs.nearest_mode = nearest;
  return attrs;
}

std::shared_ptr<Node> i64s(const std::vector<int64_t>& values) {
  return v0::Constant::create(element::i64, Shape{values.size()}, values);
}
std::shared_ptr<Node> f32s(const std::vector<float>& values) {
  return v0::Constant::create(element::f32, Shape{values.size()}, values);
}

Tensor scale_tensor(float scale) { return make_tensor(element::f32, {1}, std::vector<float>{scale}); }
Tensor size_tensor(int64_t size) { return make_tensor(element::i64, {1}, std::vector<int64_t>{size}); }

const auto kSizes = Interp::ShapeCalcMode::SIZES;
const auto kScales = Interp::ShapeCalcMode::SCALES;

TEST(InterpolateOp, ShapeInference) {
  const auto nearest = attrs_of(Interp::InterpolateMode::NEAREST, kSizes, Interp::CoordinateTransformMode::ASYMMETRIC);
  auto sized =
      std::make_shared<Interp>(param(element::f32, PartialShape("[?,3,4,4]")), i64s({8, 6}), i64s({2, -1}), nearest);
  EXPECT_EQ(sized->get_output_partial_shape(0), PartialShape("[?,3,8,6]"));
  EXPECT_STREQ(sized->get_type_info().version_id, "opset11");
  auto scaled = std::make_shared<Interp>(
      param(element::f16, PartialShape("[1..4,5]")), f32s({2.0f, 0.5f}),
      attrs_of(Interp::InterpolateMode::LINEAR_ONNX, kScales, Interp::CoordinateTransformMode::HALF_PIXEL));
  EXPECT_EQ(scaled->get_output_partial_shape(0), PartialShape("[2..8,2]"));
  auto runtime = std::make_shared<Interp>(param(element::u8, PartialShape("[2,3,4]")), param(element::i32, Shape{1}),
                                          i64s({1}), nearest);
  EXPECT_EQ(runtime->get_output_partial_shape(0), PartialShape("[2,?,4]"));
  auto padded = nearest;
  padded.pads_begin = Shape{0, 1};
  padded.pads_end = Shape{0, 2};
  auto pads = std::make_shared<Interp>(param(element::f32, PartialShape("[2,3]")), i64s({2}), i64s({0}), padded);
  EXPECT_EQ(pads->get_output_partial_shape(0), PartialShape("[2,6]"));
  auto dynamic = std::make_shared<Interp>(param(element::f32, PartialShape::dynamic()), i64s({2}), nearest);
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape::dynamic());
}

TEST(InterpolateOp, ErrorsNameTheNodeAndCause) {
  const auto nearest = attrs_of(Interp::InterpolateMode::NEAREST, kSizes, Interp::CoordinateTransformMode::ASYMMETRIC);
  EXPECT_THROW_WITH(std::make_shared<Interp>(param(element::f32, Shape{2, 3}), f32s({1, 2}), nearest), "Interpolate '",
                    "sizes must be integers");
  auto scales = nearest;
  scales.shape_calculation_mode = kScales;
  EXPECT_THROW_WITH(std::make_shared<Interp>(param(element::f32, Shape{2, 3}), i64s({1, 2}), scales),
                    "scales must be real numbers");
  EXPECT_THROW_WITH(std::make_shared<Interp>(param(element::f32, Shape{2, 3}), i64s({4}), nearest),
                    "one entry per axis (2)");
  EXPECT_THROW_WITH(std::make_shared<Interp>(param(element::f32, Shape{2, 3}), i64s({4}), i64s({2}), nearest),
                    "axes 2 is out of range");
  EXPECT_THROW_WITH(std::make_shared<Interp>(param(element::f32, Shape{2, 3}), f32s({-1.0f}), i64s({1}), scales),
                    "positive");
  EXPECT_THROW_WITH(std::make_shared<Interp>(param(element::boolean, Shape{2}), i64s({4}), nearest), "numeric");
}

TEST(InterpolateOp, NearestUpsamplesTwoAxes) {
  auto op = std::make_shared<Interp>(
      param(element::f32, Shape{1, 1, 2, 2}), i64s({4, 4}), i64s({2, 3}),
      attrs_of(Interp::InterpolateMode::NEAREST, kSizes, Interp::CoordinateTransformMode::ASYMMETRIC));
  const auto out = run(op, {make_tensor(element::f32, {1, 1, 2, 2}, std::vector<float>{1, 2, 3, 4}),
                            make_tensor(element::i64, {2}, std::vector<int64_t>{4, 4}),
                            make_tensor(element::i64, {2}, std::vector<int64_t>{2, 3})});
  EXPECT_EQ(out[0].get_shape(), (Shape{1, 1, 4, 4}));
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
}

TEST(InterpolateOp, NearestModesRoundHalvesTheirWay) {
  // asymmetric, scale 2 over {10, 20}: source coordinates 0, 0.5, 1, 1.5.
  auto result = [](Interp::NearestMode mode) {
    auto op = std::make_shared<Interp>(
        param(element::f32, Shape{2}), f32s({2.0f}),
        attrs_of(Interp::InterpolateMode::NEAREST, kScales, Interp::CoordinateTransformMode::ASYMMETRIC, mode));
    return values_of<float>(
        run(op, {make_tensor(element::f32, {2}, std::vector<float>{10, 20}), scale_tensor(2.0f)})[0]);
  };
  EXPECT_EQ(result(Interp::NearestMode::ROUND_PREFER_FLOOR), (std::vector<float>{10, 10, 20, 20}));
  EXPECT_EQ(result(Interp::NearestMode::ROUND_PREFER_CEIL), (std::vector<float>{10, 20, 20, 20}));
  EXPECT_EQ(result(Interp::NearestMode::FLOOR), (std::vector<float>{10, 10, 20, 20}));
  EXPECT_EQ(result(Interp::NearestMode::CEIL), (std::vector<float>{10, 20, 20, 20}));
}

TEST(InterpolateOp, LinearHalfPixelClampsAtTheEdges) {
  // Source coordinates -0.25, 0.25, 0.75, 1.25 -> clamped 0, 0.25, 0.75, 1.
  auto op = std::make_shared<Interp>(
      param(element::f32, Shape{2}), f32s({2.0f}),
      attrs_of(Interp::InterpolateMode::LINEAR_ONNX, kScales, Interp::CoordinateTransformMode::HALF_PIXEL));
  const auto out = run(op, {make_tensor(element::f32, {2}, std::vector<float>{1, 3}), scale_tensor(2.0f)});
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{1, 1.5f, 2.5f, 3}));
  // Integers round the blend to nearest: 0, 0.75, 2.25, 3.
  auto ints = std::make_shared<Interp>(param(element::i32, Shape{2}), f32s({2.0f}), op->get_attrs());
  const auto rounded = run(ints, {make_tensor(element::i32, {2}, std::vector<int32_t>{0, 3}), scale_tensor(2.0f)});
  EXPECT_EQ(values_of<int32_t>(rounded[0]), (std::vector<int32_t>{0, 1, 2, 3}));
}

TEST(InterpolateOp, CubicAlignCorners) {
  // Sizes 3 over {0, 1, 4, 9}: coordinates 0, 1.5, 3. At 1.5 Keys' weights (a = -0.75) are
  // -0.09375, 0.59375, 0.59375, -0.09375: 0.59375 * (1 + 4) - 0.09375 * 9 = 2.125.
  auto op = std::make_shared<Interp>(
      param(element::f32, Shape{4}), i64s({3}),
      attrs_of(Interp::InterpolateMode::CUBIC, kSizes, Interp::CoordinateTransformMode::ALIGN_CORNERS));
  const auto out = run(op, {make_tensor(element::f32, {4}, std::vector<float>{0, 1, 4, 9}), size_tensor(3)});
  const auto values = values_of<float>(out[0]);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_FLOAT_EQ(values[0], 0.0f);
  EXPECT_FLOAT_EQ(values[1], 2.125f);
  EXPECT_FLOAT_EQ(values[2], 9.0f);
}

TEST(InterpolateOp, HalfPrecisionAndPads) {
  auto attrs = attrs_of(Interp::InterpolateMode::NEAREST, kSizes, Interp::CoordinateTransformMode::ASYMMETRIC);
  attrs.pads_begin = Shape{1};
  auto op = std::make_shared<Interp>(param(element::f16, Shape{2}), i64s({6}), attrs);
  const auto out = run(op, {make_tensor(element::f16, {2}, std::vector<float16>{5.0f, 6.0f}), size_tensor(6)});
  const auto values = values_of<float16>(out[0]);
  ASSERT_EQ(values.size(), 6u);
  const std::vector<float> expected{0, 0, 5, 5, 6, 6};  // padded {0, 5, 6} doubled
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(static_cast<float>(values[i]), expected[i]) << i;
}

TEST(InterpolateOp, RuntimeErrorsAndClone) {
  auto op = std::make_shared<Interp>(
      param(element::f32, PartialShape::dynamic()), param(element::i64, Shape{1}),
      attrs_of(Interp::InterpolateMode::NEAREST, kSizes, Interp::CoordinateTransformMode::ASYMMETRIC));
  EXPECT_THROW_WITH(run(op, {make_tensor(element::f32, {2, 2}, std::vector<float>{1, 2, 3, 4}),
                             make_tensor(element::i64, {1}, std::vector<int64_t>{3})}),
                    "Interpolate '", "hold 1 values for 2 axes");
  auto clone = std::dynamic_pointer_cast<Interp>(op->clone_with_new_inputs(op->input_values()));
  ASSERT_TRUE(clone);
  EXPECT_EQ(clone->get_attrs().mode, Interp::InterpolateMode::NEAREST);
  EXPECT_EQ(enum_to_string(Interp::CoordinateTransformMode::TF_HALF_PIXEL_FOR_NN), "tf_half_pixel_for_nn");
  EXPECT_EQ(enum_to_string(Interp::CoordinateTransformMode::TF_CROP_AND_RESIZE), "tf_crop_and_resize");
}

}  // namespace
}  // namespace ferry
