#include <gtest/gtest.h>

#include <string>

#include "core/src/graph/ops/window_op_test_util.hpp"
#include "core/src/graph/reference/testdata/conv_pool_case_runner.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "ferry/graph/ops/parameter.hpp"

namespace ferry {
namespace {

using op::PadType;
using op::v0::Parameter;
using op::v1::Convolution;
using op::v1::GroupConvolution;
using reference::testdata::conv_pool_cases;
using reference::testdata::ConvPoolCase;
using reference::testdata::mismatches;
using testing::error_of;
using testing::make_tensor;
using testing::values_of;

std::shared_ptr<Parameter> param(const testing::ShapeArg& shape, element::Type type = element::f32) {
  return std::make_shared<Parameter>(type, shape.shape);
}

std::shared_ptr<Node> conv(const testing::ShapeArg& data, const testing::ShapeArg& filters, const Strides& strides,
                           const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                           PadType auto_pad = PadType::EXPLICIT, bool grouped = false) {
  if (grouped)
    return std::make_shared<GroupConvolution>(param(data), param(filters), strides, pads_begin, pads_end, dilations,
                                              auto_pad);
  return std::make_shared<Convolution>(param(data), param(filters), strides, pads_begin, pads_end, dilations, auto_pad);
}

std::shared_ptr<Node> op_for(const ConvPoolCase& c, const PartialShape& data, element::Type type = element::f32) {
  const auto auto_pad = enum_from_string<PadType>(c.auto_pad, "auto_pad");
  const CoordinateDiff pb(c.pads_begin), pe(c.pads_end);
  const Strides strides(c.strides), dilations(c.dilations);
  if (std::string(c.op) == "group_conv")
    return std::make_shared<GroupConvolution>(param(data, type), param(Shape(c.weights_shape), type), strides, pb, pe,
                                              dilations, auto_pad);
  return std::make_shared<Convolution>(param(data, type), param(Shape(c.weights_shape), type), strides, pb, pe,
                                       dilations, auto_pad);
}

CoordinateDiff pads_begin_of(const Node& node) {
  if (auto* c = dynamic_cast<const Convolution*>(&node)) return c->get_pads_begin();
  return dynamic_cast<const GroupConvolution&>(node).get_pads_begin();
}
CoordinateDiff pads_end_of(const Node& node) {
  if (auto* c = dynamic_cast<const Convolution*>(&node)) return c->get_pads_end();
  return dynamic_cast<const GroupConvolution&>(node).get_pads_end();
}

bool is_conv_case(const ConvPoolCase& c) { return std::string(c.op) == "conv" || std::string(c.op) == "group_conv"; }

// Shapes, resolved pads and values from OpenVINO (make_conv_pool_vectors.py), through the op:
// shape inference, auto_pad resolution and evaluate's dispatch. f32 tolerance 1e-5 relative.
TEST(ConvolutionOp, MatchesOpenVinoVectors) {
  int ran = 0;
  for (const ConvPoolCase& c : conv_pool_cases()) {
    if (!is_conv_case(c)) continue;
    SCOPED_TRACE(c.name);
    const auto node = op_for(c, Shape(c.data_shape));
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(Shape(c.out_shape)));
    EXPECT_EQ(pads_begin_of(*node), CoordinateDiff(c.resolved_pads_begin));
    EXPECT_EQ(pads_end_of(*node), CoordinateDiff(c.resolved_pads_end));
    TensorVector outputs(1);
    ASSERT_TRUE(node->evaluate(outputs, {make_tensor<float>(Shape(c.data_shape), c.data),
                                         make_tensor<float>(Shape(c.weights_shape), c.weights)}));
    EXPECT_EQ(outputs[0].get_shape(), Shape(c.out_shape));
    EXPECT_EQ(mismatches(values_of<float>(outputs[0]), c.expected, 1e-5, 1e-6), "");
    ++ran;
  }
  EXPECT_EQ(ran, 12);
}

// A graph with dynamic spatial lengths and batch: auto_pad resolves at evaluate time from the
// tensors' shapes. f16 runs through the same op (tolerance 1e-2 relative); i32 is exact on
// inputs scaled to integers (x16 each: results x256).
TEST(ConvolutionOp, EvaluatesDynamicGraphsAndOtherTypes) {
  for (const ConvPoolCase& c : conv_pool_cases()) {
    if (!is_conv_case(c)) continue;
    SCOPED_TRACE(c.name);
    const PartialShape dynamic_data = PartialShape::dynamic(Dimension(static_cast<int64_t>(c.data_shape.size())));
    const auto node = op_for(c, dynamic_data);
    TensorVector outputs(1);
    ASSERT_TRUE(node->evaluate(outputs, {make_tensor<float>(Shape(c.data_shape), c.data),
                                         make_tensor<float>(Shape(c.weights_shape), c.weights)}));
    EXPECT_EQ(mismatches(values_of<float>(outputs[0]), c.expected, 1e-5, 1e-6), "");

    const auto half = op_for(c, Shape(c.data_shape), element::f16);
    TensorVector half_out(1);
    ASSERT_TRUE(half->evaluate(half_out, {make_tensor<float16>(Shape(c.data_shape), c.data),
                                          make_tensor<float16>(Shape(c.weights_shape), c.weights)}));
    EXPECT_EQ(half_out[0].get_element_type(), element::f16);
    EXPECT_EQ(mismatches(values_of<float16>(half_out[0]), c.expected, 1e-2, 1e-3), "");

    std::vector<float> data16, weights16, expected256;
    for (float v : c.data) data16.push_back(v * 16);
    for (float v : c.weights) weights16.push_back(v * 16);
    for (float v : c.expected) expected256.push_back(v * 256);
    const auto ints = op_for(c, Shape(c.data_shape), element::i32);
    TensorVector int_out(1);
    ASSERT_TRUE(ints->evaluate(int_out, {make_tensor<int32_t>(Shape(c.data_shape), data16),
                                         make_tensor<int32_t>(Shape(c.weights_shape), weights16)}));
    EXPECT_EQ(mismatches(values_of<int32_t>(int_out[0]), expected256, 0, 0), "");
  }
}

TEST(ConvolutionOp, InfersBoundedAndDynamicShapes) {
  // Interval arithmetic: 10..20 padded by 2, kernel 3, stride 2 -> 5..10; '?' -> 1..; batch kept.
  EXPECT_EQ(conv("[1..4,3,10..20,?]", "[8,3,3,3]", {2, 2}, {1, 1}, {1, 1}, {1, 1})->get_output_partial_shape(0),
            PartialShape("[1..4,8,5..10,1..]"));
  // A kernel length known only as an interval bounds the output the other way round.
  EXPECT_EQ(conv("[1,1,10]", "[1,1,2..4]", {1}, {0}, {0}, {1})->get_output_partial_shape(0),
            PartialShape("[1,1,7..9]"));
  EXPECT_EQ(conv("[1,1,10]", "[1,1,?]", {1}, {0}, {0}, {1})->get_output_partial_shape(0), PartialShape("[1,1,1..10]"));
  // Lengths too short for the window in part of the interval clamp to 1.
  EXPECT_EQ(conv("[1,1,1..10]", "[1,1,3]", {1}, {0}, {0}, {1})->get_output_partial_shape(0),
            PartialShape("[1,1,1..8]"));
  // Dynamic ranks: the other input gives the spatial rank.
  EXPECT_EQ(conv(PartialShape::dynamic(), "[4,1,3,3]", {1, 1}, {0, 0}, {0, 0}, {1, 1})->get_output_partial_shape(0),
            PartialShape("[?,4,1..,1..]"));
  EXPECT_EQ(conv("[2,3,8,8]", PartialShape::dynamic(), {1, 1}, {0, 0}, {0, 0}, {1, 1})->get_output_partial_shape(0),
            PartialShape("[2,?,1..8,1..8]"));
  EXPECT_EQ(conv(PartialShape::dynamic(), PartialShape::dynamic(), {1, 1}, {0, 0}, {0, 0}, {1, 1})
                ->get_output_partial_shape(0),
            PartialShape("[?,?,1..,1..]"));
  // same_*: ceil(length / stride) whatever the kernel; pads stay 0 until lengths are static.
  const auto same = conv("[1,1,3..9]", "[1,1,3]", {2}, {5}, {5}, {1}, PadType::SAME_UPPER);
  EXPECT_EQ(same->get_output_partial_shape(0), PartialShape("[1,1,2..5]"));
  EXPECT_EQ(std::dynamic_pointer_cast<Convolution>(same)->get_pads_begin(), CoordinateDiff{0});
  EXPECT_EQ(conv("[1,1,?]", "[1,1,3]", {2}, {0}, {0}, {1}, PadType::SAME_LOWER)->get_output_partial_shape(0),
            PartialShape("[1,1,?]"));
  // valid ignores the pads it is given.
  EXPECT_EQ(conv("[1,1,9]", "[1,1,3]", {2}, {4}, {4}, {1}, PadType::VALID)->get_output_partial_shape(0),
            PartialShape("[1,1,4]"));
  // Negative pads crop.
  EXPECT_EQ(conv("[1,1,7]", "[1,1,2]", {1}, {-1}, {-2}, {1})->get_output_partial_shape(0), PartialShape("[1,1,3]"));
  // Element types: dynamic stays dynamic; integers are allowed.
  const auto dyn_type = std::make_shared<Convolution>(param("[1,1,4]", element::dynamic), param("[1,1,2]"), Strides{1},
                                                      CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  EXPECT_EQ(dyn_type->get_output_element_type(0), element::f32);
  const auto i8 = std::make_shared<Convolution>(param("[1,1,4]", element::i8), param("[1,1,2]", element::i8),
                                                Strides{1}, CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  EXPECT_EQ(i8->get_output_element_type(0), element::i8);
}

TEST(GroupConvolutionOp, InfersGroupsAndChannels) {
  EXPECT_EQ(conv("[1,?,7]", "[3,2,1,2]", {1}, {0}, {0}, {1}, PadType::EXPLICIT, true)->get_output_partial_shape(0),
            PartialShape("[1,6,6]"));
  // Unknown groups follow from the data's channels: 6 / 3 per group = 2 groups of 2 outputs.
  EXPECT_EQ(conv("[1,6,7]", "[?,2,3,2]", {1}, {0}, {0}, {1}, PadType::EXPLICIT, true)->get_output_partial_shape(0),
            PartialShape("[1,4,6]"));
  EXPECT_EQ(conv("[2,8,5,5]", "[8,1,1,3,3]", {2, 2}, {1, 1}, {1, 1}, {1, 1}, PadType::EXPLICIT, true)
                ->get_output_partial_shape(0),
            PartialShape("[2,8,3,3]"));
  EXPECT_EQ(conv(PartialShape::dynamic(), "[2,3,4,3]", {1}, {0}, {0}, {1}, PadType::EXPLICIT, true)
                ->get_output_partial_shape(0),
            PartialShape("[?,6,1..]"));
}

TEST(ConvolutionOp, ErrorsNameTheNodeAndTheCause) {
  auto named_conv = [](const testing::ShapeArg& data, const testing::ShapeArg& filters) {
    return error_of([&] {
      auto node = std::make_shared<Convolution>(param(data), param(filters), Strides{1, 1}, CoordinateDiff{0, 0},
                                                CoordinateDiff{0, 0}, Strides{1, 1});
    });
  };
  const std::string channels = named_conv("[1,3,5,5]", "[4,2,3,3]");
  EXPECT_NE(channels.find("Convolution"), std::string::npos) << channels;
  EXPECT_NE(channels.find("3 input channels"), std::string::npos) << channels;
  EXPECT_NE(channels.find("expect 2"), std::string::npos) << channels;

  // The friendly name appears once validation runs again on a named node.
  auto node = std::make_shared<Convolution>(param("[1,3,5,5]"), param("[4,3,3,3]"), Strides{1, 1}, CoordinateDiff{0, 0},
                                            CoordinateDiff{0, 0}, Strides{1, 1});
  node->set_friendly_name("stem_conv");
  node->set_argument(1, param("[4,5,3,3]"));
  const std::string renamed = error_of([&] { node->validate_and_infer_types(); });
  EXPECT_NE(renamed.find("stem_conv"), std::string::npos) << renamed;
  EXPECT_NE(renamed.find("3 input channels"), std::string::npos) << renamed;
  EXPECT_NE(renamed.find("expect 5"), std::string::npos) << renamed;

  const std::string groups =
      error_of([] { conv("[1,4,7]", "[3,1,1,2]", {1}, {0}, {0}, {1}, PadType::EXPLICIT, true); });
  EXPECT_NE(groups.find("GroupConvolution"), std::string::npos) << groups;
  EXPECT_NE(groups.find("4 input channels"), std::string::npos) << groups;
  EXPECT_NE(groups.find("3 group(s) of 1"), std::string::npos) << groups;
  const std::string indivisible =
      error_of([] { conv("[1,7,7]", "[?,1,2,2]", {1}, {0}, {0}, {1}, PadType::EXPLICIT, true); });
  EXPECT_NE(indivisible.find("not a multiple"), std::string::npos) << indivisible;

  const auto expect_error = [](const std::string& message, const char* part) {
    EXPECT_NE(message.find(part), std::string::npos) << "expected '" << part << "' in: " << message;
  };
  expect_error(named_conv("[1,3]", "[4,3,3,3]"), "rank 3, 4 or 5");
  expect_error(error_of([] {
                 conv("[1,1,2,2,2,2]", "[1,1,1,1,1,1]", {1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 1, 1});
               }),
               "rank 3, 4 or 5");
  expect_error(named_conv("[1,3,5,5]", "[4,3,3]"), "must have rank 4");
  expect_error(error_of([] {
                 conv("[1,1,5,5]", "[1,1,3,3]", {1}, {0, 0}, {0, 0}, {1, 1});
               }),
               "\"strides\" has 1 value(s) but the data has 2 spatial dimension(s)");
  expect_error(error_of([] { conv("[1,1,5,5]", "[1,1,3,3]", {1, 1}, {0, 0}, {0}, {1, 1}); }), "\"pads_end\" has 1");
  expect_error(error_of([] {
                 conv("[1,1,5,5]", "[1,1,3,3]", {1, 0}, {0, 0}, {0, 0}, {1, 1});
               }),
               "\"strides\" must be positive");
  expect_error(error_of([] {
                 conv("[1,1,5,5]", "[1,1,3,3]", {1, 1}, {0, 0}, {0, 0}, {0, 1});
               }),
               "\"dilations\" must be positive");
  expect_error(error_of([] { conv("[1,1,2]", "[1,1,3]", {1}, {0}, {0}, {1}); }),
               "kernel after dilation (3) is longer than the padded input (2)");
  expect_error(error_of([] { conv("[1,1,5]", "[1,1,3]", {1}, {0}, {0}, {3}); }),
               "kernel after dilation (7) is longer than the padded input (5)");
  expect_error(error_of([] {
                 std::make_shared<Convolution>(param("[1,1,4]"), param("[1,1,2]", element::f16), Strides{1},
                                               CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
               }),
               "must have the same element type");
  expect_error(error_of([] {
                 std::make_shared<Convolution>(param("[1,1,4]", element::boolean), param("[1,1,2]", element::boolean),
                                               Strides{1}, CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
               }),
               "numeric");
}

TEST(ConvolutionOp, AttributesUseOpenVinoIrNames) {
  const auto node = conv("[1,2,6,6]", "[3,2,3,3]", {2, 1}, {1, 0}, {0, 2}, {1, 2});
  const std::map<std::string, std::string> expected = {
      {"strides", "2,1"}, {"dilations", "1,2"}, {"pads_begin", "1,0"}, {"pads_end", "0,2"}, {"auto_pad", "explicit"}};
  EXPECT_EQ(testing::attributes_of(node), expected);
  const auto grouped = conv("[1,4,6,6]", "[2,1,2,3,3]", {1, 1}, {0, 0}, {0, 0}, {1, 1}, PadType::SAME_LOWER, true);
  const auto attributes = testing::attributes_of(grouped);
  EXPECT_EQ(attributes.at("auto_pad"), "same_lower");
  EXPECT_EQ(attributes.at("pads_begin"), "1,1");  // resolved
}

TEST(ConvolutionOp, RestoresFromAttributesAndClones) {
  for (const auto& node : {conv("[1,2,7,6]", "[3,2,3,2]", {2, 1}, {1, 0}, {0, 2}, {2, 1}),
                           conv("[1,2,?]", "[3,2,3]", {2}, {0}, {0}, {1}, PadType::SAME_UPPER),
                           conv("[1,4,8]", "[2,3,2,3]", {1}, {1}, {1}, {2}, PadType::EXPLICIT, true)}) {
    SCOPED_TRACE(node->describe());
    const auto restored = testing::restore_from_attributes(node);
    EXPECT_EQ(restored->get_type_info(), node->get_type_info());
    EXPECT_EQ(restored->get_output_partial_shape(0), node->get_output_partial_shape(0));
    EXPECT_EQ(testing::attributes_of(restored), testing::attributes_of(node));
    const auto clone = node->clone_with_new_inputs(node->input_values());
    EXPECT_EQ(testing::attributes_of(clone), testing::attributes_of(node));
    EXPECT_EQ(clone->get_output_partial_shape(0), node->get_output_partial_shape(0));
  }
  const std::string bad = error_of([] {
    testing::TextAttributes text;
    text.values = {{"auto_pad", "middle"}};
    text.replay = true;
    PadType pad = PadType::EXPLICIT;
    text.on_enum("auto_pad", pad);
  });
  EXPECT_NE(bad.find("auto_pad"), std::string::npos) << bad;
}

TEST(ConvolutionOp, EvaluateRejectsMismatchedTensors) {
  const auto node = conv("[1,1,?]", "[1,1,2]", {1}, {0}, {0}, {1});
  TensorVector outputs(1);
  const std::string types = error_of([&] {
    node->evaluate(outputs,
                   {make_tensor<float>(Shape{1, 1, 4}, {1, 2, 3, 4}), make_tensor<double>(Shape{1, 1, 2}, {1, 1})});
  });
  EXPECT_NE(types.find("filters are f64"), std::string::npos) << types;
  const std::string channels = error_of([&] {
    node->evaluate(outputs, {make_tensor<float>(Shape{1, 2, 4}, std::vector<float>(8)),
                             make_tensor<float>(Shape{1, 1, 2}, {1, 1})});
  });
  EXPECT_NE(channels.find("2 input channels"), std::string::npos) << channels;
}

}  // namespace
}  // namespace ferry
