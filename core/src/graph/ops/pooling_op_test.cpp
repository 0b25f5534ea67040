#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "core/src/graph/ops/window_op_test_util.hpp"
#include "core/src/graph/reference/testdata/conv_pool_case_runner.hpp"
#include "ferry/graph/ops/avg_pool.hpp"
#include "ferry/graph/ops/max_pool.hpp"
#include "ferry/graph/ops/parameter.hpp"

namespace ferry {
namespace {

using op::PadType;
using op::RoundingType;
using op::v0::Parameter;
using reference::testdata::conv_pool_cases;
using reference::testdata::ConvPoolCase;
using reference::testdata::mismatches;
using testing::error_of;
using testing::make_tensor;
using testing::values_of;

std::shared_ptr<Parameter> param(const testing::ShapeArg& shape, element::Type type = element::f32) {
  return std::make_shared<Parameter>(type, shape.shape);
}

Shape to_shape(const std::vector<std::ptrdiff_t>& pads) { return Shape(pads.begin(), pads.end()); }

std::shared_ptr<Node> op_for(const ConvPoolCase& c, const PartialShape& data, element::Type type = element::f32) {
  const auto auto_pad = enum_from_string<PadType>(c.auto_pad, "auto_pad");
  const auto rounding = enum_from_string<RoundingType>(c.rounding_type, "rounding_type");
  const Strides strides(c.strides), dilations(c.dilations);
  const Shape kernel(c.weights_shape), pb = to_shape(c.pads_begin), pe = to_shape(c.pads_end);
  const std::string op = c.op, version = c.version;
  const auto index_type = element::Type::from_string(c.index_element_type);
  if (op == "max_pool" && version == "v1")
    return std::make_shared<op::v1::MaxPool>(param(data, type), strides, pb, pe, kernel, rounding, auto_pad);
  if (op == "max_pool" && version == "v8")
    return std::make_shared<op::v8::MaxPool>(param(data, type), strides, dilations, pb, pe, kernel, rounding, auto_pad,
                                             index_type, c.axis);
  if (op == "max_pool")
    return std::make_shared<op::v14::MaxPool>(param(data, type), strides, dilations, pb, pe, kernel, rounding, auto_pad,
                                              index_type, c.axis);
  if (version == "v1")
    return std::make_shared<op::v1::AvgPool>(param(data, type), strides, pb, pe, kernel, c.exclude_pad, rounding,
                                             auto_pad);
  if (version == "v16")
    return std::make_shared<op::v16::AvgPool>(param(data, type), strides, dilations, pb, pe, kernel, c.exclude_pad,
                                              rounding, auto_pad);
  return std::make_shared<op::v14::AvgPool>(param(data, type), strides, pb, pe, kernel, c.exclude_pad, rounding,
                                            auto_pad);
}

std::pair<Shape, Shape> pads_of(const Node& node) {
  if (auto* m = dynamic_cast<const op::v1::MaxPool*>(&node)) return {m->get_pads_begin(), m->get_pads_end()};
  if (auto* m = dynamic_cast<const op::v8::MaxPool*>(&node)) return {m->get_pads_begin(), m->get_pads_end()};
  const auto& a = dynamic_cast<const op::v1::AvgPool&>(node);
  return {a.get_pads_begin(), a.get_pads_end()};
}

bool is_pool_case(const ConvPoolCase& c) { return std::string(c.op) == "max_pool" || std::string(c.op) == "avg_pool"; }

std::vector<double> indices_of(const Tensor& tensor) {
  return tensor.get_element_type() == element::i32 ? values_of<int32_t>(tensor) : values_of<int64_t>(tensor);
}

// Shapes, resolved pads, values and indices from OpenVINO (make_conv_pool_vectors.py), through
// each op version: shape inference, auto_pad, rounding and evaluate. f32 tolerance 1e-5 relative.
TEST(PoolingOp, MatchesOpenVinoVectors) {
  int ran = 0;
  for (const ConvPoolCase& c : conv_pool_cases()) {
    if (!is_pool_case(c)) continue;
    SCOPED_TRACE(c.name);
    const auto node = op_for(c, Shape(c.data_shape));
    EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(Shape(c.out_shape)));
    EXPECT_EQ(pads_of(*node), std::make_pair(to_shape(c.resolved_pads_begin), to_shape(c.resolved_pads_end)));
    TensorVector outputs(node->get_output_size());
    ASSERT_TRUE(node->evaluate(outputs, {make_tensor<float>(Shape(c.data_shape), c.data)}));
    EXPECT_EQ(mismatches(values_of<float>(outputs[0]), c.expected, 1e-5, 1e-6), "");
    if (!c.expected_indices.empty()) {
      ASSERT_EQ(outputs.size(), 2u);
      EXPECT_EQ(outputs[1].get_element_type(), element::Type::from_string(c.index_element_type));
      EXPECT_EQ(node->get_output_element_type(1), element::Type::from_string(c.index_element_type));
      EXPECT_EQ(indices_of(outputs[1]), std::vector<double>(c.expected_indices.begin(), c.expected_indices.end()));
    }
    ++ran;
  }
  EXPECT_EQ(ran, 23);
}

// Dynamic graphs resolve auto_pad and rounding against the tensors at evaluate time; f16 runs
// through the same ops (1e-2 relative; an empty max window gives f16's lowest value).
TEST(PoolingOp, EvaluatesDynamicGraphsAndHalfPrecision) {
  for (const ConvPoolCase& c : conv_pool_cases()) {
    if (!is_pool_case(c)) continue;
    SCOPED_TRACE(c.name);
    const auto node = op_for(c, PartialShape::dynamic());
    TensorVector outputs(node->get_output_size());
    ASSERT_TRUE(node->evaluate(outputs, {make_tensor<float>(Shape(c.data_shape), c.data)}));
    EXPECT_EQ(outputs[0].get_shape(), Shape(c.out_shape));
    EXPECT_EQ(mismatches(values_of<float>(outputs[0]), c.expected, 1e-5, 1e-6), "");

    std::vector<double> expected(c.expected.begin(), c.expected.end());
    for (double& e : expected)
      if (e == std::numeric_limits<float>::lowest()) e = std::numeric_limits<float16>::lowest();
    const auto half = op_for(c, Shape(c.data_shape), element::f16);
    TensorVector half_out(half->get_output_size());
    ASSERT_TRUE(half->evaluate(half_out, {make_tensor<float16>(Shape(c.data_shape), c.data)}));
    EXPECT_EQ(mismatches(values_of<float16>(half_out[0]), expected, 1e-2, 1e-3), "");
  }
}

TEST(PoolingOp, IntegerMaxPoolAndRealOnlyAvgPool) {
  const auto max =
      std::make_shared<op::v8::MaxPool>(param("[1,1,4]", element::i32), Strides{2}, Strides{1}, Shape{0}, Shape{0},
                                        Shape{2}, RoundingType::FLOOR, PadType::EXPLICIT, element::i32);
  TensorVector outputs(2);
  ASSERT_TRUE(max->evaluate(outputs, {make_tensor<int32_t>(Shape{1, 1, 4}, {-5, -7, 9, 3})}));
  EXPECT_EQ(values_of<int32_t>(outputs[0]), (std::vector<double>{-5, 9}));
  EXPECT_EQ(values_of<int32_t>(outputs[1]), (std::vector<double>{0, 2}));
  const auto avg = std::make_shared<op::v1::AvgPool>(param("[1,1,4]", element::i32), Strides{2}, Shape{0}, Shape{0},
                                                     Shape{2}, false);
  EXPECT_EQ(avg->get_output_element_type(0), element::i32);
  TensorVector avg_out(1);
  EXPECT_FALSE(avg->evaluate(avg_out, {make_tensor<int32_t>(Shape{1, 1, 4}, {1, 2, 3, 4})}));
}

TEST(PoolingOp, InfersBoundedAndDynamicShapes) {
  using op::v1::MaxPool;
  const auto max_v1 = [](const testing::ShapeArg& data, RoundingType rounding, PadType pad = PadType::EXPLICIT) {
    return std::make_shared<MaxPool>(param(data), Strides{2, 2}, Shape{0, 0}, Shape{0, 0}, Shape{2, 2}, rounding, pad)
        ->get_output_partial_shape(0);
  };
  EXPECT_EQ(max_v1("[?,3,3..8,?]", RoundingType::CEIL), PartialShape("[?,3,2..4,1..]"));
  EXPECT_EQ(max_v1("[?,3,3..8,?]", RoundingType::FLOOR), PartialShape("[?,3,1..4,1..]"));
  EXPECT_EQ(max_v1("[2..5,3,3..8,?]", RoundingType::FLOOR, PadType::SAME_LOWER), PartialShape("[2..5,3,2..4,?]"));
  EXPECT_EQ(max_v1(PartialShape::dynamic(), RoundingType::FLOOR), PartialShape("[?,?,1..,1..]"));
  // ceil_torch on an interval: 3..8 with pads_end 1, kernel 2, stride 2 -> 2..4.
  const auto torch = std::make_shared<op::v14::MaxPool>(param("[1,1,3..8]"), Strides{2}, Strides{1}, Shape{0}, Shape{1},
                                                        Shape{2}, RoundingType::CEIL_TORCH);
  EXPECT_EQ(torch->get_output_partial_shape(0), PartialShape("[1,1,2..4]"));
  EXPECT_EQ(torch->get_output_partial_shape(1), PartialShape("[1,1,2..4]"));
  EXPECT_EQ(torch->get_output_element_type(1), element::i64);
  const auto avg = std::make_shared<op::v14::AvgPool>(param("[1,2,7,?]"), Strides{2, 2}, Shape{1, 1}, Shape{1, 1},
                                                      Shape{3, 3}, true, RoundingType::CEIL_TORCH);
  EXPECT_EQ(avg->get_output_partial_shape(0), PartialShape("[1,2,4,1..]"));
  // Dilation widens MaxPool-8's window: 9 with kernel 3 dilated by 2 (5 wide) -> 5.
  const auto dilated =
      std::make_shared<op::v8::MaxPool>(param("[1,1,9]"), Strides{1}, Strides{2}, Shape{0}, Shape{0}, Shape{3});
  EXPECT_EQ(dilated->get_output_partial_shape(0), PartialShape("[1,1,5]"));
}

void expect_error(const std::string& message, const char* part) {
  EXPECT_NE(message.find(part), std::string::npos) << "expected '" << part << "' in: " << message;
}

TEST(PoolingOp, ErrorsNameTheNodeAndTheCause) {
  using op::v1::AvgPool;
  using op::v1::MaxPool;
  const std::string torch_v1 = error_of([] {
    std::make_shared<MaxPool>(param("[1,1,7]"), Strides{2}, Shape{0}, Shape{0}, Shape{2}, RoundingType::CEIL_TORCH);
  });
  expect_error(torch_v1, "MaxPool");
  expect_error(torch_v1, "opset1");
  expect_error(torch_v1, "ceil_torch");
  expect_error(error_of([] {
                 std::make_shared<op::v8::MaxPool>(param("[1,1,7]"), Strides{2}, Strides{1}, Shape{0}, Shape{0},
                                                   Shape{2}, RoundingType::CEIL_TORCH);
               }),
               "ceil_torch needs opset14");
  expect_error(error_of([] {
                 std::make_shared<AvgPool>(param("[1,1,7]"), Strides{2}, Shape{0}, Shape{0}, Shape{2}, false,
                                           RoundingType::CEIL_TORCH);
               }),
               "ceil_torch needs opset14");
  expect_error(
      error_of([] { std::make_shared<MaxPool>(param("[1,1,7,7]"), Strides{1}, Shape{0}, Shape{0}, Shape{2}); }),
      "\"kernel\" has 1 value(s) but the data has 2 spatial dimension(s)");
  expect_error(error_of([] { std::make_shared<MaxPool>(param("[1,1,7]"), Strides{1}, Shape{0}, Shape{0}, Shape{0}); }),
               "\"kernel\" must be positive");
  expect_error(error_of([] { std::make_shared<MaxPool>(param("[1,1,7]"), Strides{0}, Shape{0}, Shape{0}, Shape{2}); }),
               "\"strides\" must be positive");
  expect_error(error_of([] { std::make_shared<MaxPool>(param("[1,7]"), Strides{1}, Shape{0}, Shape{0}, Shape{2}); }),
               "rank 3, 4 or 5");
  expect_error(error_of([] { std::make_shared<MaxPool>(param("[1,1,3]"), Strides{1}, Shape{0}, Shape{0}, Shape{5}); }),
               "kernel after dilation (5) is longer than the padded input (3)");
  expect_error(error_of([] {
                 std::make_shared<op::v8::MaxPool>(param("[1,1,7,7]"), Strides{1, 1}, Strides{1, 1}, Shape{0, 0},
                                                   Shape{0, 0}, Shape{2, 2}, RoundingType::FLOOR, PadType::EXPLICIT,
                                                   element::i64, 4);
               }),
               "axis 4 is out of range for rank 4");
  expect_error(error_of([] {
                 std::make_shared<op::v8::MaxPool>(param("[1,1,7]"), Strides{1}, Strides{1}, Shape{0}, Shape{0},
                                                   Shape{2}, RoundingType::FLOOR, PadType::EXPLICIT, element::f32);
               }),
               "index_element_type must be i32 or i64, got f32");
  const std::string excluded =
      error_of([] { std::make_shared<AvgPool>(param("[1,1,7]"), Strides{1}, Shape{2}, Shape{0}, Shape{2}, true); });
  expect_error(excluded, "AvgPool");
  expect_error(excluded, "dilated kernel (2) must be longer than pads_begin (2)");
  // Without exclude-pad the same pads are fine.
  EXPECT_EQ(std::make_shared<AvgPool>(param("[1,1,7]"), Strides{1}, Shape{2}, Shape{0}, Shape{2}, false)
                ->get_output_partial_shape(0),
            PartialShape("[1,1,8]"));
}

TEST(PoolingOp, AttributesUseOpenVinoIrNames) {
  using Map = std::map<std::string, std::string>;
  const auto v1_max = std::make_shared<op::v1::MaxPool>(param("[1,1,7,7]"), Strides{2, 2}, Shape{1, 0}, Shape{0, 1},
                                                        Shape{3, 3}, RoundingType::CEIL);
  EXPECT_EQ(testing::attributes_of(v1_max), (Map{{"strides", "2,2"},
                                                 {"pads_begin", "1,0"},
                                                 {"pads_end", "0,1"},
                                                 {"kernel", "3,3"},
                                                 {"rounding_type", "ceil"},
                                                 {"auto_pad", "explicit"}}));
  const auto v14_max =
      std::make_shared<op::v14::MaxPool>(param("[1,1,7]"), Strides{2}, Strides{2}, Shape{0}, Shape{1}, Shape{2},
                                         RoundingType::CEIL_TORCH, PadType::EXPLICIT, element::i32, -1);
  EXPECT_EQ(testing::attributes_of(v14_max), (Map{{"strides", "2"},
                                                  {"dilations", "2"},
                                                  {"pads_begin", "0"},
                                                  {"pads_end", "1"},
                                                  {"kernel", "2"},
                                                  {"rounding_type", "ceil_torch"},
                                                  {"auto_pad", "explicit"},
                                                  {"index_element_type", "i32"},
                                                  {"axis", "-1"}}));
  const auto avg = std::make_shared<op::v1::AvgPool>(param("[1,1,6]"), Strides{2}, Shape{0}, Shape{0}, Shape{3}, true,
                                                     RoundingType::FLOOR, PadType::SAME_UPPER);
  EXPECT_EQ(testing::attributes_of(avg), (Map{{"strides", "2"},
                                              {"pads_begin", "0"},
                                              {"pads_end", "1"},  // resolved by same_upper
                                              {"kernel", "3"},
                                              {"exclude-pad", "true"},
                                              {"rounding_type", "floor"},
                                              {"auto_pad", "same_upper"}}));
}

TEST(PoolingOp, EveryVersionRestoresFromAttributesAndClones) {
  const std::vector<std::shared_ptr<Node>> nodes = {
      std::make_shared<op::v1::MaxPool>(param("[1,2,7,6]"), Strides{2, 1}, Shape{1, 0}, Shape{0, 1}, Shape{3, 2},
                                        RoundingType::CEIL),
      std::make_shared<op::v8::MaxPool>(param("[1,2,?,6]"), Strides{2, 1}, Strides{1, 2}, Shape{0, 0}, Shape{0, 0},
                                        Shape{3, 2}, RoundingType::FLOOR, PadType::SAME_LOWER, element::i32, 2),
      std::make_shared<op::v14::MaxPool>(param("[1,2,7]"), Strides{2}, Strides{1}, Shape{0}, Shape{1}, Shape{2},
                                         RoundingType::CEIL_TORCH),
      std::make_shared<op::v1::AvgPool>(param("[1,2,7]"), Strides{2}, Shape{1}, Shape{1}, Shape{3}, true),
      std::make_shared<op::v14::AvgPool>(param("[1,2,7]"), Strides{2}, Shape{0}, Shape{1}, Shape{2}, false,
                                         RoundingType::CEIL_TORCH),
      std::make_shared<op::v16::AvgPool>(param("[1,2,9,?]"), Strides{2, 1}, Strides{2, 3}, Shape{1, 0}, Shape{0, 1},
                                         Shape{2, 2}, true, RoundingType::CEIL)};
  for (const auto& node : nodes) {
    SCOPED_TRACE(node->describe());
    const auto restored = testing::restore_from_attributes(node);
    EXPECT_EQ(restored->get_type_info(), node->get_type_info());
    EXPECT_EQ(testing::attributes_of(restored), testing::attributes_of(node));
    const auto clone = node->clone_with_new_inputs(node->input_values());
    EXPECT_EQ(clone->get_type_info(), node->get_type_info());
    EXPECT_EQ(testing::attributes_of(clone), testing::attributes_of(node));
    ASSERT_EQ(clone->get_output_size(), node->get_output_size());
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      EXPECT_EQ(restored->get_output_partial_shape(i), node->get_output_partial_shape(i));
      EXPECT_EQ(restored->get_output_element_type(i), node->get_output_element_type(i));
      EXPECT_EQ(clone->get_output_partial_shape(i), node->get_output_partial_shape(i));
    }
  }
  // AvgPool-16 adds "dilations"; an IR may leave it empty (all ones).
  const auto v16 =
      std::make_shared<op::v16::AvgPool>(param("[1,1,9]"), Strides{1}, Strides{}, Shape{0}, Shape{0}, Shape{3}, false);
  EXPECT_EQ(testing::attributes_of(v16).at("dilations"), "");
  EXPECT_EQ(v16->get_output_partial_shape(0), PartialShape("[1,1,7]"));
  EXPECT_EQ(
      std::make_shared<op::v16::AvgPool>(param("[1,1,9]"), Strides{1}, Strides{3}, Shape{0}, Shape{0}, Shape{3}, false)
          ->get_output_partial_shape(0),
      PartialShape("[1,1,3]"));
  expect_error(error_of([] {
                 std::make_shared<op::v16::AvgPool>(param("[1,1,9]"), Strides{1}, Strides{2}, Shape{0}, Shape{0},
                                                    Shape{3, 3}, false);
               }),
               "\"kernel\" has 2 value(s)");
  // The registry resolves an opset to the newest version it contains.
  EXPECT_TRUE(is_type<op::v8::MaxPool>(OpRegistry::global().create("MaxPool", "opset13")));
  EXPECT_TRUE(is_type<op::v14::MaxPool>(OpRegistry::global().create("MaxPool", "opset14")));
  EXPECT_TRUE(is_type<op::v1::AvgPool>(OpRegistry::global().create("AvgPool", "opset8")));
  EXPECT_TRUE(is_type<op::v16::AvgPool>(OpRegistry::global().create("AvgPool", "opset16")));
}

}  // namespace
}  // namespace ferry
