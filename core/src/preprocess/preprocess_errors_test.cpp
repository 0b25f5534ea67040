// Descriptions that cannot be built: each error names the input or output, the step and what
// does not fit.
#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry {
namespace {

using namespace preprocess;

std::shared_ptr<Model> image_model(const PartialShape& shape, const element::Type& type = element::f32) {
  auto image = std::make_shared<op::v0::Parameter>(type, shape);
  image->set_friendly_name("image");
  image->output(0).set_names({"image"});
  auto out = std::make_shared<op::v0::Relu>(image);
  out->output(0).set_names({"out"});
  return std::make_shared<Model>(OutputVector{out}, ParameterVector{image}, "m");
}

std::string build_error(const PartialShape& shape, const std::function<void(PrePostProcessor&)>& describe,
                        const element::Type& type = element::f32) {
  PrePostProcessor p(image_model(shape, type));
  describe(p);
  return testing::error_of([&] { p.build(); });
}

void expect_parts(const std::string& message, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << message << "\nlacks: " << part;
}

TEST(PreprocessErrors, Nv12NeedsEvenSizesAndMatchingSubNames) {
  expect_parts(build_error({1, 3, 4, 5},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES);
                             p.input().preprocess().convert_color(ColorFormat::RGB);
                             p.input().model().set_layout("NCHW");
                           }),
               {"PrePostProcessor: input 'image'", "set_color_format",
                "NV12_TWO_PLANES needs an even, positive image width, got 5"});
  expect_parts(
      build_error({1, 3, 3, 4},
                  [](PrePostProcessor& p) {
                    p.input().tensor().set_color_format(ColorFormat::I420_SINGLE_PLANE).set_spatial_static_shape(7, 4);
                    p.input().preprocess().convert_color(ColorFormat::RGB).resize(ResizeAlgorithm::RESIZE_LINEAR);
                    p.input().model().set_layout("NCHW");
                  }),
      {"I420_SINGLE_PLANE needs an even, positive image height, got 7"});
  expect_parts(build_error({1, 4, 6, 3},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_color_format(ColorFormat::I420_THREE_PLANES, {"y", "uv"});
                             p.input().preprocess().convert_color(ColorFormat::RGB);
                           }),
               {"I420_THREE_PLANES has 3 planes, got 2 sub-names"});
  expect_parts(build_error({1, 4, 6, 3},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES).set_layout("NCHW");
                             p.input().preprocess().convert_color(ColorFormat::RGB);
                           }),
               {"NV12_TWO_PLANES images are NHWC, the tensor layout is [N,C,H,W]"});
}

TEST(PreprocessErrors, MultiPlaneImagesMustBeConvertedFirst) {
  expect_parts(
      build_error({1, 4, 6, 3},
                  [](PrePostProcessor& p) { p.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES); }),
      {"NV12_TWO_PLANES image is not what the model takes", "convert_color"});
  expect_parts(
      build_error({1, 4, 6, 3},
                  [](PrePostProcessor& p) {
                    p.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES);
                    p.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR, 4, 6);
                  }),
      {"resize: the value is still a NV12_TWO_PLANES image of several planes", "convert_color to RGB or BGR first"});
}

TEST(PreprocessErrors, ColourConversionsThatDoNotExist) {
  expect_parts(build_error({1, 4, 6, 3},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_color_format(ColorFormat::GRAY);
                             p.input().preprocess().convert_color(ColorFormat::RGB);
                           }),
               {"convert_color: cannot convert GRAY to RGB", "supported:"});
  expect_parts(build_error({1, 4, 6, 1},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_color_format(ColorFormat::RGBX);
                             p.input().preprocess().convert_color(ColorFormat::GRAY);
                           }),
               {"convert_color: cannot convert RGBX to GRAY", "RGB and BGR to GRAY"});
  expect_parts(
      build_error({1, 4, 6, 3}, [](PrePostProcessor& p) { p.input().preprocess().convert_color(ColorFormat::BGR); }),
      {"convert_color: the tensor's colour format is not known"});
  expect_parts(build_error({1, 4, 6, 3},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_color_format(ColorFormat::RGB).set_shape({1, 4, 6, 5});
                             p.input().preprocess().convert_color(ColorFormat::BGR);
                           }),
               {"RGB has 3 channels, the value has 5"});
}

TEST(PreprocessErrors, LayoutsThatDoNotFit) {
  expect_parts(build_error({1, 3, 4}, [](PrePostProcessor& p) { p.input().model().set_layout("NCHW"); }),
               {"model().set_layout", "[N,C,H,W] does not fit the model input's shape [1,3,4]"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_layout("NHWD");
                             p.input().model().set_layout("NCHW");
                           }),
               {"tensor().set_layout", "cannot convert layout [N,C,H,W] to [N,H,W,D]"});
  expect_parts(build_error({1, 3, 4, 6}, [](PrePostProcessor& p) { p.input().preprocess().convert_layout("NHWC"); }),
               {"convert_layout: the value's layout is not known"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().preprocess().convert_layout(std::vector<uint64_t>{0, 1, 1, 2});
                           }),
               {"convert_layout: the order [0,1,1,2] is not a permutation of the value's 4 axes"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_shape({1, 3, 4, 6, 1}).set_layout("NCHW");
                           }),
               {"the layout [N,C,H,W] does not fit the tensor's shape [1,3,4,6,1]"});
}

TEST(PreprocessErrors, MeanAndScaleNeedChannelsRealTypesAndNonZeroScales) {
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().preprocess().mean({1, 2, 3});
                           }),
               {"mean: the layout (none) has no C (channels) axis"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().preprocess().scale({1, 2});
                             p.input().model().set_layout("NCHW");
                           }),
               {"scale: 2 values for 3 channels"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_element_type(element::u8);
                             p.input().preprocess().mean(1.0f);
                           }),
               {"mean: needs a real element type, the value is u8"});
  expect_parts(build_error({1, 3, 4, 6}, [](PrePostProcessor& p) { p.input().preprocess().scale(0.0f); }),
               {"scale: a scale of 0"});
}

TEST(PreprocessErrors, ResizeNeedsSpatialAxesAndATarget) {
  expect_parts(
      build_error({1, 3, 4, 6},
                  [](PrePostProcessor& p) { p.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR, 2, 2); }),
      {"resize: the layout (none) must name H and W"});
  expect_parts(build_error({1, 3, -1, -1},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_spatial_static_shape(8, 8);
                             p.input().preprocess().resize(ResizeAlgorithm::RESIZE_CUBIC);
                             p.input().model().set_layout("NCHW");
                           }),
               {"resize: no size given, and the model's H and W are not static"});
  expect_parts(build_error({1, 3, 4, 6}, [](PrePostProcessor& p) { p.input().tensor().set_spatial_dynamic_shape(); }),
               {"set_spatial_shape: the tensor layout (none) must name H and W"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_shape({1, 3, 4, 6}).set_spatial_static_shape(4, 6);
                           }),
               {"set_shape and set_spatial_*_shape both give the tensor's size"});
}

TEST(PreprocessErrors, CropPadAndTheResultingShape) {
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().preprocess().crop({0, 0}, {1, 3});
                           }),
               {"crop: begin and end need one value per axis (4), got 2 and 2"});
  expect_parts(build_error({1, 3, 4, 6},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_shape({1, 3, 5, 9});
                             p.input().preprocess().crop({0, 0, 1, 1}, {1, 3, 3, -1});
                           }),
               {"build: after preprocessing the value has shape [1,3,2,7]", "the model input's shape is [1,3,4,6]"});
  expect_parts(
      build_error(
          {1, 3, 4, 6},
          [](PrePostProcessor& p) {
            p.input().preprocess().pad({0, 0, 0, 0}, {0, 0, 0, 0}, std::vector<float>{1, 2, 3}, PaddingMode::CONSTANT);
          }),
      {"pad: the layout (none) has no C (channels) axis"});  // one value per channel needs C
  // An error of an op a step adds is given the step's name.
  expect_parts(build_error({1, 3, 8, 6},
                           [](PrePostProcessor& p) {
                             p.input().tensor().set_shape({1, 3, 2, 6});
                             p.input().preprocess().pad({0, 0, 3, 0}, {0, 0, 3, 0}, 0.0f, PaddingMode::REFLECT);
                           }),
               {"PrePostProcessor: input 'image': pad: ", "Pad"});
}

TEST(PreprocessErrors, PostprocessingWithoutTargets) {
  auto model = image_model({1, 3, 2, 2});
  PrePostProcessor p(model);
  p.output().postprocess().convert_element_type();
  expect_parts(testing::error_of([&] { p.build(); }),
               {"output 'out'", "convert_element_type: no element type given and none to default to"});
  PrePostProcessor q(image_model({1, 3, 2, 2}));
  q.output().tensor().set_layout("NHWC");
  expect_parts(testing::error_of([&] { q.build(); }),
               {"output 'out'", "the model output's layout is not known", "set model().set_layout"});
}

TEST(PreprocessErrors, PostprocessConvertColor) {
  expect_parts(build_error({1, 2, 2, 3},
                           [](PrePostProcessor& p) {
                             p.output().model().set_layout("NHWC");
                             p.output().postprocess().convert_color(ColorFormat::BGR);
                           }),
               {"PrePostProcessor: output 'out': convert_color: the model output's colour format is not known",
                "model().set_color_format"});
  expect_parts(build_error({1, 2, 2, 3},
                           [](PrePostProcessor& p) {
                             p.output().model().set_layout("NHWC").set_color_format(ColorFormat::RGB);
                             p.output().postprocess().convert_color(ColorFormat::GRAY);
                           }),
               {"convert_color: cannot convert RGB to GRAY (post-processing converts RGB <-> BGR only)"});
  expect_parts(build_error({1, 2, 2, 3},
                           [](PrePostProcessor& p) {
                             p.output().model().set_color_format(ColorFormat::RGB);
                             p.output().postprocess().convert_color(ColorFormat::BGR);
                           }),
               {"convert_color: the layout (none) has no C (channels) axis"});
  expect_parts(build_error({1, 2, 2, 4},
                           [](PrePostProcessor& p) {
                             p.output().model().set_layout("NHWC").set_color_format(ColorFormat::RGB);
                             p.output().postprocess().convert_color(ColorFormat::BGR);
                           }),
               {"convert_color: RGB has 3 channels, the model output has 4 (shape [1,2,2,4], layout [N,H,W,C])"});
  // A failed build leaves the model as it was.
  auto model = image_model({1, 2, 2, 3});
  PrePostProcessor p(model);
  p.output().model().set_layout("NHWC").set_color_format(ColorFormat::NV12_TWO_PLANES);
  p.output().postprocess().convert_color(ColorFormat::RGB);
  expect_parts(testing::error_of([&] { p.build(); }), {"cannot convert NV12_TWO_PLANES to RGB"});
  EXPECT_TRUE(is_type<op::v0::Relu>(model->get_results()[0]->input_value(0).get_node()));
}

TEST(PreprocessErrors, PadWithOneValuePerChannel) {
  const auto pad3 = [](PrePostProcessor& p, std::vector<int> begin, std::vector<int> end) {
    p.input().preprocess().pad(begin, end, std::vector<float>{1, 2, 3}, PaddingMode::CONSTANT);
  };
  expect_parts(build_error({1, 3, 4, 6},
                           [&](PrePostProcessor& p) {
                             p.input().tensor().set_shape({1, 3, 4, 4});
                             pad3(p, {0, 0, 0, 1}, {0, 0, 0, 1});
                           }),
               {"PrePostProcessor: input 'image': pad: the layout (none) has no C (channels) axis"});
  expect_parts(build_error({1, 4, 4, 6},
                           [&](PrePostProcessor& p) {
                             p.input().tensor().set_layout("NCHW").set_shape({1, 4, 4, 4});
                             pad3(p, {0, 0, 0, 1}, {0, 0, 0, 1});
                           }),
               {"pad: 3 pad values (one per channel) for 4 channels (shape [1,4,4,4], layout [N,C,H,W])"});
  expect_parts(build_error({1, 5, 4, 4},
                           [&](PrePostProcessor& p) {
                             p.input().tensor().set_layout("NCHW").set_shape({1, 3, 4, 4});
                             pad3(p, {0, 1, 0, 0}, {0, 1, 0, 0});
                           }),
               {"pad: one pad value per channel needs no padding of the channel axis C (axis 1), got pads 1 and 1"});
  expect_parts(
      build_error({1, 3, 4, 4},
                  [](PrePostProcessor& p) {
                    p.input().preprocess().pad({0, 0, 0, 0}, {0, 0, 0, 0}, std::vector<float>{}, PaddingMode::CONSTANT);
                  }),
      {"pad: no pad value given (one, or one per channel)"});
}

TEST(PreprocessErrors, SettingsRefusedAtOnce) {
  PrePostProcessor p(image_model({1, 3, 2, 2}));
  EXPECT_ERROR_CONTAINS(p.input().tensor().set_spatial_static_shape(0, 4), "height and width must be positive");
  EXPECT_ERROR_CONTAINS(p.input().tensor().set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", ""}),
                        "a sub-name is empty");
  EXPECT_ERROR_CONTAINS(PrePostProcessor(nullptr), "the model is null");
}

}  // namespace
}  // namespace ferry
