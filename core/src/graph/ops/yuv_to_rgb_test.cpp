// NV12toRGB / NV12toBGR / I420toRGB / I420toBGR: shapes, bad planes, and pixels worked out by hand
// from the BT.601 formula (the full comparison with OpenVINO is //core:preprocess_reference_data_test).
#include "ferry/graph/ops/yuv_to_rgb.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using testing::make_tensor;
using testing::param;
using testing::run;
using testing::values_of;

TEST(YuvToRgb, ShapesOfEachPlaneArrangement) {
  auto nv12 = std::make_shared<op::v8::NV12toRGB>(OutputVector{param(element::u8, {2, 6, 8, 1})});
  EXPECT_EQ(nv12->get_output_partial_shape(0), (PartialShape{2, 4, 8, 3}));
  EXPECT_EQ(nv12->get_output_element_type(0), element::u8);
  auto two = std::make_shared<op::v8::NV12toBGR>(
      OutputVector{param(element::f32, {1, 4, 6, 1}), param(element::f32, {1, 2, 3, 2})});
  EXPECT_EQ(two->get_output_partial_shape(0), (PartialShape{1, 4, 6, 3}));
  auto three = std::make_shared<op::v8::I420toRGB>(OutputVector{
      param(element::u8, {1, -1, -1, 1}), param(element::u8, {1, 3, 5, 1}), param(element::u8, {-1, 3, -1, 1})});
  EXPECT_EQ(three->get_output_partial_shape(0), (PartialShape{1, 6, 10, 3})) << "the chroma planes give H and W";
  auto dynamic = std::make_shared<op::v8::I420toBGR>(OutputVector{param(element::f16, PartialShape::dynamic())});
  EXPECT_EQ(dynamic->get_output_partial_shape(0), (PartialShape{-1, -1, -1, 3}));
}

TEST(YuvToRgb, BadPlanesAreNamed) {
  EXPECT_THROW_WITH(std::make_shared<op::v8::NV12toRGB>(OutputVector{param(element::u8, {1, 6, 5, 1})}), "NV12toRGB",
                    "width must be even, got 5");
  EXPECT_THROW_WITH(std::make_shared<op::v8::NV12toRGB>(OutputVector{param(element::u8, {1, 7, 6, 1})}),
                    "not a multiple of 3");
  EXPECT_THROW_WITH(
      std::make_shared<op::v8::I420toRGB>(OutputVector{
          param(element::u8, {1, 5, 6, 1}), param(element::u8, {1, -1, -1, 1}), param(element::u8, {1, -1, -1, 1})}),
      "height must be even, got 5");
  EXPECT_THROW_WITH(std::make_shared<op::v8::NV12toRGB>(
                        OutputVector{param(element::u8, {1, 4, 6, 1}), param(element::u8, {1, 2, 2, 2})}),
                    "UV plane must have half the Y plane's height and width", "[1,2,2,2]");
  EXPECT_THROW_WITH(std::make_shared<op::v8::NV12toRGB>(
                        OutputVector{param(element::u8, {1, 4, 6, 1}), param(element::u8, {1, 2, 3, 1})}),
                    "UV plane has 2 channels");
  EXPECT_THROW_WITH(std::make_shared<op::v8::NV12toRGB>(
                        OutputVector{param(element::u8, {1, 4, 6, 1}), param(element::f32, {1, 2, 3, 2})}),
                    "same element type");
  EXPECT_THROW_WITH(std::make_shared<op::v8::I420toRGB>(OutputVector{param(element::i32, {1, 6, 4, 1})}),
                    "must be u8 or a real type");
  EXPECT_THROW_WITH(std::make_shared<op::v8::I420toRGB>(
                        OutputVector{param(element::u8, {1, 4, 6, 1}), param(element::u8, {1, 2, 3, 1})}),
                    "expects 1 input (a single plane) or 3 (Y, U, V), got 2");
  EXPECT_THROW_WITH(
      std::make_shared<op::v8::I420toRGB>(OutputVector{
          param(element::u8, {2, 4, 6, 1}), param(element::u8, {1, 2, 3, 1}), param(element::u8, {1, 2, 3, 1})}),
      "same batch");
}

// Video-range black (Y 16) and white (Y 235) with neutral chroma, and a saturated red.
TEST(YuvToRgb, NeutralChromaGivesGreysAndRedSaturates) {
  // A 2x2 NV12 frame in one plane: Y = 16, 235 / 235, 16; then one U,V pair.
  const auto grey = make_tensor<uint8_t>(element::u8, {1, 3, 2, 1}, {16, 235, 235, 16, 128, 128});
  auto rgb = std::make_shared<op::v8::NV12toRGB>(OutputVector{param(element::u8, {1, 3, 2, 1})});
  EXPECT_EQ(values_of<uint8_t>(run(rgb, {grey})[0]),
            (std::vector<uint8_t>{0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0}));
  // Y 81, U 90, V 240: R = 1.164 * 65 + 1.596 * 112 = 254.4, G = 75.66 + 14.86 - 91.06 = -0.54 -> 0,
  // B = 75.66 - 76.68 = -1.02 -> 0. As f32 the values are not rounded.
  const auto red = make_tensor<float>(element::f32, {1, 2, 2, 1}, {81, 81, 81, 81});
  const auto uv = make_tensor<float>(element::f32, {1, 1, 1, 2}, {90, 240});
  auto bgr = std::make_shared<op::v8::NV12toBGR>(
      OutputVector{param(element::f32, {1, 2, 2, 1}), param(element::f32, {1, 1, 1, 2})});
  const auto out = values_of<float>(run(bgr, {red, uv})[0]);
  ASSERT_EQ(out.size(), 12u);
  EXPECT_FLOAT_EQ(out[0], 0.0f);       // B
  EXPECT_FLOAT_EQ(out[1], 0.0f);       // G
  EXPECT_NEAR(out[2], 254.412, 1e-3);  // R
}

// In I420's single plane, U follows Y and V follows U, each (H/2) x (W/2) packed: a 2x4 image has
// two chroma samples per plane, and the second column pair reads the second sample.
TEST(YuvToRgb, I420SinglePlaneReadsUThenV) {
  // Y all 128; U = {128, 128}; V = {128, 200}: only the right half turns red-shifted.
  const auto frame =
      make_tensor<uint8_t>(element::u8, {1, 3, 4, 1}, {128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 200});
  auto rgb = std::make_shared<op::v8::I420toRGB>(OutputVector{param(element::u8, {1, 3, 4, 1})});
  const auto out = values_of<uint8_t>(run(rgb, {frame})[0]);
  // c = 1.164 * 112 = 130.37; e = 72 on the right: R = 130.37 + 114.91 = 245.3 -> 245,
  // G = 130.37 - 58.54 = 71.8 -> 72.
  for (size_t row = 0; row < 2; ++row) {
    for (size_t col = 0; col < 4; ++col) {
      const uint8_t* pixel = &out[(row * 4 + col) * 3];
      if (col < 2) {
        EXPECT_EQ(pixel[0], 130);
        EXPECT_EQ(pixel[1], 130);
        EXPECT_EQ(pixel[2], 130);
      } else {
        EXPECT_EQ(pixel[0], 245);
        EXPECT_EQ(pixel[1], 72);
        EXPECT_EQ(pixel[2], 130);
      }
    }
  }
}

TEST(YuvToRgb, ClonesKeepTheirKind) {
  auto op = std::make_shared<op::v8::I420toBGR>(OutputVector{
      param(element::u8, {1, 4, 6, 1}), param(element::u8, {1, 2, 3, 1}), param(element::u8, {1, 2, 3, 1})});
  auto clone = op->clone_with_new_inputs(op->input_values());
  EXPECT_TRUE(is_type<op::v8::I420toBGR>(clone));
  EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{1, 4, 6, 3}));
}

}  // namespace
}  // namespace ferry
