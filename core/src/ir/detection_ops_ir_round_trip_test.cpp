// TopK, Interpolate, ConvolutionBackpropData, GroupConvolutionBackpropData, NonMaxSuppression,
// AdaptiveAvgPool and AdaptiveMaxPool through the IR writer and reader: same op type, version,
// attributes, element types and shapes.
#include <cstring>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/testing/ir_test_util.hpp"

namespace ferry {
namespace {

using namespace ferry::op;
using ir_test::i64s;
using ir_test::named;
using ir_test::write_and_read;

TEST(DetectionOpsIrRoundTrip, AttributesTypesAndShapesSurvive) {
  auto x = named(std::make_shared<v0::Parameter>(element::f32, PartialShape("[1,4,3,3]")), "x");
  auto up =
      named(std::make_shared<v1::ConvolutionBackpropData>(
                x, v0::Constant::create(element::f32, Shape{4, 2, 3, 3}, std::vector<float>(72, 0.5f)), Strides{2, 2},
                CoordinateDiff{1, 1}, CoordinateDiff{1, 0}, Strides{1, 1}, PadType::EXPLICIT, CoordinateDiff{1, 1}),
            "up");
  auto group_up = named(std::make_shared<v1::GroupConvolutionBackpropData>(
                            up, v0::Constant::create(element::f32, Shape{2, 1, 1, 1, 1}, std::vector<float>{1, 2}),
                            Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}),
                        "group_up");
  v11::Interpolate::InterpolateAttrs attrs;
  attrs.mode = v11::Interpolate::InterpolateMode::CUBIC;
  attrs.shape_calculation_mode = v11::Interpolate::ShapeCalcMode::SIZES;
  attrs.coordinate_transformation_mode = v11::Interpolate::CoordinateTransformMode::ALIGN_CORNERS;
  attrs.nearest_mode = v11::Interpolate::NearestMode::CEIL;
  attrs.cube_coeff = -0.5;
  auto resize = named(std::make_shared<v11::Interpolate>(group_up, i64s({9, 10}), i64s({2, 3}), attrs), "resize");
  auto avg = named(std::make_shared<v8::AdaptiveAvgPool>(resize, i64s({3, 5})), "avg");
  auto max = named(std::make_shared<v8::AdaptiveMaxPool>(avg, i64s({2, 2}), element::i32), "max");
  auto topk = named(
      std::make_shared<v11::TopK>(max->output(0), v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{1}),
                                  -1, TopKMode::MIN, TopKSortType::SORT_INDICES, element::i64, true),
      "topk");
  auto boxes = named(std::make_shared<v0::Parameter>(element::f32, PartialShape("[1,6,4]")), "boxes");
  auto scores = named(std::make_shared<v0::Parameter>(element::f32, PartialShape("[1,2,6]")), "scores");
  auto nms =
      named(std::make_shared<v9::NonMaxSuppression>(
                OutputVector{boxes, scores, v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{2})},
                v9::NonMaxSuppression::BoxEncodingType::CENTER, false, element::i32),
            "nms");
  auto model = std::make_shared<Model>(
      ResultVector{std::make_shared<v0::Result>(topk->output(0)), std::make_shared<v0::Result>(topk->output(1)),
                   std::make_shared<v0::Result>(max->output(1)), std::make_shared<v0::Result>(nms->output(0))},
      ParameterVector{x, boxes, scores}, "detection");
  std::string xml;
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = write_and_read(model, xml, "detection_ops.xml")) << xml;
  std::map<std::string, std::shared_ptr<Node>> ops;
  for (const auto& node : read->get_ordered_ops()) ops[node->get_friendly_name()] = node;
  for (const auto& node : model->get_ordered_ops()) {
    if (node->get_friendly_name().empty() || !ops.count(node->get_friendly_name())) continue;
    const auto& twin = ops.at(node->get_friendly_name());
    EXPECT_EQ(node->get_type_info(), twin->get_type_info()) << node->describe();
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      EXPECT_EQ(node->get_output_element_type(i), twin->get_output_element_type(i)) << node->describe();
      EXPECT_EQ(node->get_output_partial_shape(i), twin->get_output_partial_shape(i)) << node->describe();
    }
  }
  for (const char* expected :
       {"type=\"ConvolutionBackpropData\" version=\"opset1\"",
        "type=\"GroupConvolutionBackpropData\" version=\"opset1\"", "type=\"Interpolate\" version=\"opset11\"",
        "type=\"AdaptiveAvgPool\" version=\"opset8\"", "type=\"AdaptiveMaxPool\" version=\"opset8\"",
        "type=\"TopK\" version=\"opset11\"", "type=\"NonMaxSuppression\" version=\"opset9\"", "mode=\"cubic\"",
        "coordinate_transformation_mode=\"align_corners\"", "nearest_mode=\"ceil\"", "sort=\"index\"",
        "box_encoding=\"center\"", "output_padding=\"1, 1\""})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected << "\n" << xml;
  ASSERT_TRUE(ops.count("up") && ops.count("resize") && ops.count("topk") && ops.count("nms"));
  auto read_up = as_type_ptr<v1::ConvolutionBackpropData>(ops.at("up"));
  ASSERT_TRUE(read_up);
  EXPECT_EQ(read_up->get_output_padding(), (CoordinateDiff{1, 1}));
  EXPECT_EQ(read_up->get_pads_end(), (CoordinateDiff{1, 0}));
  EXPECT_EQ(read_up->get_output_partial_shape(0), PartialShape("[1,2,6,7]"));
  auto read_resize = as_type_ptr<v11::Interpolate>(ops.at("resize"));
  ASSERT_TRUE(read_resize);
  EXPECT_EQ(read_resize->get_attrs().cube_coeff, -0.5);
  EXPECT_EQ(read_resize->get_attrs().nearest_mode, v11::Interpolate::NearestMode::CEIL);
  auto read_topk = as_type_ptr<v11::TopK>(ops.at("topk"));
  ASSERT_TRUE(read_topk);
  EXPECT_EQ(read_topk->get_mode(), TopKMode::MIN);
  EXPECT_TRUE(read_topk->get_stable());
  auto read_nms = as_type_ptr<v9::NonMaxSuppression>(ops.at("nms"));
  ASSERT_TRUE(read_nms);
  EXPECT_FALSE(read_nms->get_sort_result_descending());
  EXPECT_EQ(read_nms->get_output_type(), element::i32);
  EXPECT_EQ(read_nms->get_output_partial_shape(0), PartialShape("[0..4,3]"));
}

}  // namespace
}  // namespace ferry
