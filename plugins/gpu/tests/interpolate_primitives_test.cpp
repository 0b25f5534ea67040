// The interpolate primitive (Interpolate-11: nearest, linear_onnx, cubic) against the core's
// reference evaluate on random data: every nearest_mode and coordinate transformation, sizes and
// scales, axes subsets, pads, up- and downsampling to odd lengths; the f16 storage form against
// the f32 reference on the same (f16-rounded) inputs.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/interpolate.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

using Interpolate = op::v11::Interpolate;
using Mode = Interpolate::InterpolateMode;
using Transform = Interpolate::CoordinateTransformMode;
using Nearest = Interpolate::NearestMode;

std::shared_ptr<op::v0::Parameter> param(const Shape& shape) {
  return std::make_shared<op::v0::Parameter>(element::f32, PartialShape(shape));
}

std::shared_ptr<op::v0::Constant> reals(const std::vector<float>& values) {
  return op::v0::Constant::create(element::f32, Shape{values.size()}, values);
}

void check(const std::shared_ptr<Model>& model) {
  expect_matches_reference(model, random_inputs(model, 23), 1e-5, 1e-4);
}

Interpolate::InterpolateAttrs attrs_of(Mode mode, Transform transform, Nearest nearest = Nearest::ROUND_PREFER_FLOOR,
                                       bool scales = false) {
  Interpolate::InterpolateAttrs attrs;
  attrs.mode = mode;
  attrs.coordinate_transformation_mode = transform;
  attrs.nearest_mode = nearest;
  attrs.shape_calculation_mode = scales ? Interpolate::ShapeCalcMode::SCALES : Interpolate::ShapeCalcMode::SIZES;
  return attrs;
}

const Transform kTransforms[] = {Transform::HALF_PIXEL, Transform::PYTORCH_HALF_PIXEL, Transform::ASYMMETRIC,
                                 Transform::TF_HALF_PIXEL_FOR_NN, Transform::ALIGN_CORNERS};

TEST(GpuInterpolatePrimitives, NearestEveryRoundingAndTransformBySizes) {
  auto x = param({1, 2, 5, 6});
  for (Nearest nearest :
       {Nearest::ROUND_PREFER_FLOOR, Nearest::ROUND_PREFER_CEIL, Nearest::FLOOR, Nearest::CEIL, Nearest::SIMPLE})
    for (Transform transform : kTransforms)
      for (const auto& sizes : std::vector<std::vector<int64_t>>{{10, 12}, {3, 4}, {7, 1}})
        check(model_of(
            std::make_shared<Interpolate>(x, ints(sizes), ints({2, 3}), attrs_of(Mode::NEAREST, transform, nearest)),
            {x}));
}

TEST(GpuInterpolatePrimitives, NearestByScalesWithInexactFactors) {
  auto x = param({1, 1, 10, 7});
  for (Nearest nearest : {Nearest::ROUND_PREFER_FLOOR, Nearest::FLOOR, Nearest::CEIL, Nearest::SIMPLE})
    for (Transform transform : kTransforms)
      for (const auto& scales : std::vector<std::vector<float>>{{0.6f, 1.5f}, {2.0f, 0.5f}, {1.3f, 3.0f}})
        check(model_of(std::make_shared<Interpolate>(x, reals(scales), ints({2, 3}),
                                                     attrs_of(Mode::NEAREST, transform, nearest, true)),
                       {x}));
}

TEST(GpuInterpolatePrimitives, LinearOnnxAndCubic) {
  auto x = param({2, 3, 4, 5});
  for (Mode mode : {Mode::LINEAR_ONNX, Mode::CUBIC})
    for (Transform transform : kTransforms) {
      check(model_of(std::make_shared<Interpolate>(x, ints({7, 9}), ints({2, 3}), attrs_of(mode, transform)), {x}));
      check(model_of(std::make_shared<Interpolate>(x, ints({3, 2}), ints({-2, -1}), attrs_of(mode, transform)), {x}));
      check(model_of(
          std::make_shared<Interpolate>(x, reals({1.5f, 0.8f}), ints({3, 2}), attrs_of(mode, transform, {}, true)),
          {x}));
    }
  Interpolate::InterpolateAttrs sharp = attrs_of(Mode::CUBIC, Transform::HALF_PIXEL);
  sharp.cube_coeff = -0.5;
  check(model_of(std::make_shared<Interpolate>(x, ints({8, 10}), ints({2, 3}), sharp), {x}));
}

TEST(GpuInterpolatePrimitives, EveryAxisWithoutAxesInputAndOneAxisOnly) {
  auto x = param({2, 3, 4});
  check(model_of(std::make_shared<Interpolate>(x, ints({3, 5, 7}), attrs_of(Mode::LINEAR_ONNX, Transform::HALF_PIXEL)),
                 {x}));
  check(model_of(std::make_shared<Interpolate>(x, ints({6}), ints({1}), attrs_of(Mode::CUBIC, Transform::ASYMMETRIC)),
                 {x}));
  auto x1 = param({9});
  check(model_of(std::make_shared<Interpolate>(x1, ints({4}), attrs_of(Mode::NEAREST, Transform::HALF_PIXEL)), {x1}));
}

TEST(GpuInterpolatePrimitives, PadsAddZerosBeforeResizing) {
  auto x = param({1, 2, 4, 4});
  for (Mode mode : {Mode::NEAREST, Mode::LINEAR_ONNX, Mode::CUBIC}) {
    Interpolate::InterpolateAttrs attrs = attrs_of(mode, Transform::ASYMMETRIC);
    attrs.pads_begin = Shape{0, 1, 1, 2};
    attrs.pads_end = Shape{0, 0, 2, 1};
    check(model_of(std::make_shared<Interpolate>(x, ints({9, 11}), ints({2, 3}), attrs), {x}));
  }
}

TEST(GpuInterpolatePrimitives, AnAxisKeepingItsLengthIsCopied) {
  auto x = param({1, 2, 10, 5});
  for (Mode mode : {Mode::NEAREST, Mode::LINEAR_ONNX, Mode::CUBIC})  // 10 * 1.05 -> 10: copied
    check(model_of(std::make_shared<Interpolate>(x, reals({1.05f, 2.0f}), ints({2, 3}),
                                                 attrs_of(mode, Transform::ALIGN_CORNERS, {}, true)),
                   {x}));
}

// f16 storage: taps read as f16 and summed in float, one f16 rounding of the output (<= 2^-11
// ~ 4.9e-4 relative): 2e-3 relative (about four f16 ulps) + 1e-3 absolute.
TEST(GpuInterpolatePrimitives, HalfStorageEveryMode) {
  for (Mode mode : {Mode::NEAREST, Mode::LINEAR_ONNX, Mode::CUBIC})
    for (Transform transform : {Transform::HALF_PIXEL, Transform::ALIGN_CORNERS})
      expect_half_matches_f32_reference(
          [&](const element::Type& type) {
            auto x = test::param({2, 3, 4, 5}, type);
            return model_of(std::make_shared<Interpolate>(x, ints({7, 3}), ints({2, 3}), attrs_of(mode, transform)),
                            {x});
          },
          29, 1e-3, 2e-3);
  // Scales stay f32 (f16 scales would change the output lengths: 0.8 is 0.7998 in f16).
  expect_half_matches_f32_reference(
      [](const element::Type& type) {
        auto x = test::param({1, 2, 4, 5}, type);
        return model_of(std::make_shared<Interpolate>(x, reals({1.5f, 0.8f}), ints({2, 3}),
                                                      attrs_of(Mode::LINEAR_ONNX, Transform::HALF_PIXEL, {}, true)),
                        {x});
      },
      31, 1e-3, 2e-3);
}

// Linear without antialias (what PrePostProcessor's RESIZE_LINEAR inserts) runs on linear_onnx's
// kernel: the reference computes it with linear's own triangle filter, so this checks the two
// agree, borders included, upsampling and downsampling, for every transformation.
TEST(GpuInterpolatePrimitives, LinearWithoutAntialias) {
  auto x = param({1, 3, 6, 8});
  for (Transform transform : kTransforms) {
    check(model_of(std::make_shared<Interpolate>(x, ints({11, 13}), ints({2, 3}), attrs_of(Mode::LINEAR, transform)),
                   {x}));
    check(
        model_of(std::make_shared<Interpolate>(x, ints({4, 3}), ints({2, 3}), attrs_of(Mode::LINEAR, transform)), {x}));
  }
}

TEST(GpuInterpolatePrimitives, UnsupportedModesAreNotClaimed) {
  auto x = param({1, 1, 4, 4});
  Interpolate::InterpolateAttrs attrs = attrs_of(Mode::LINEAR, Transform::HALF_PIXEL);
  attrs.antialias = true;
  auto linear = std::make_shared<Interpolate>(x, ints({2, 2}), ints({2, 3}), attrs);
  linear->set_friendly_name("linear_resize");
  Core core = make_core();
  EXPECT_EQ(core.query_model(model_of(linear, {x}), "GPU").count("linear_resize"), 0u);
  attrs = attrs_of(Mode::BILINEAR_PILLOW, Transform::HALF_PIXEL);
  auto pillow = std::make_shared<Interpolate>(x, ints({8, 8}), ints({2, 3}), attrs);
  pillow->set_friendly_name("pillow_resize");
  EXPECT_EQ(core.query_model(model_of(pillow, {x}), "GPU").count("pillow_resize"), 0u);
  attrs = attrs_of(Mode::NEAREST, Transform::HALF_PIXEL);
  attrs.antialias = true;
  auto antialiased = std::make_shared<Interpolate>(x, ints({2, 2}), ints({2, 3}), attrs);
  antialiased->set_friendly_name("antialiased_resize");
  EXPECT_EQ(core.query_model(model_of(antialiased, {x}), "GPU").count("antialiased_resize"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
