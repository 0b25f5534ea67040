#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution_backprop.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

Tensor f32(const Shape& shape, const std::vector<float>& values) { return make_tensor(element::f32, shape, values); }

std::vector<float> backprop_1d(const Strides& strides, const CoordinateDiff& begin, const CoordinateDiff& end,
                               const CoordinateDiff& output_padding = {}, PadType pad = PadType::EXPLICIT) {
  auto op = std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 1, 2}),
                                                          param(element::f32, Shape{1, 1, 3}), strides, begin, end,
                                                          Strides{1}, pad, output_padding);
  return values_of<float>(run(op, {f32({1, 1, 2}, {1, 2}), f32({1, 1, 3}, {1, 1, 1})})[0]);
}

TEST(ConvolutionBackpropDataOp, ScattersWithStridePadsAndOutputPadding) {
  // data {1, 2}, kernel {1, 1, 1}, stride 2: element 0 adds 1 to 0..2, element 1 adds 2 to 2..4.
  EXPECT_EQ(backprop_1d({2}, {0}, {0}), (std::vector<float>{1, 1, 3, 2, 2}));
  EXPECT_EQ(backprop_1d({2}, {1}, {1}), (std::vector<float>{1, 3, 2}));
  EXPECT_EQ(backprop_1d({2}, {0}, {0}, {1}), (std::vector<float>{1, 1, 3, 2, 2, 0}));
  // same_lower: the output is in * stride = 4 long; the one extra pad goes first.
  EXPECT_EQ(backprop_1d({2}, {}, {}, {}, PadType::SAME_LOWER), (std::vector<float>{1, 3, 2, 2}));
  EXPECT_EQ(backprop_1d({2}, {}, {}, {}, PadType::SAME_UPPER), (std::vector<float>{1, 1, 3, 2}));
}

TEST(ConvolutionBackpropDataOp, MixesChannels) {
  // filters [C_IN=2, C_OUT=2, 1]: out[co] = sum over ci of data[ci] * filters[ci][co].
  auto op = std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 2, 1}),
                                                          param(element::f32, Shape{2, 2, 1}), Strides{1},
                                                          CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  const auto out = run(op, {f32({1, 2, 1}, {1, 2}), f32({2, 2, 1}, {1, 10, 100, 1000})});
  EXPECT_EQ(out[0].get_shape(), (Shape{1, 2, 1}));
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{201, 2010}));
}

TEST(ConvolutionBackpropDataOp, DilatedKernelIn2D) {
  auto op = std::make_shared<v1::ConvolutionBackpropData>(param(element::i32, Shape{1, 1, 1, 1}),
                                                          param(element::i32, Shape{1, 1, 2, 2}), Strides{1, 1},
                                                          CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{2, 2});
  const auto out = run(op, {make_tensor(element::i32, {1, 1, 1, 1}, std::vector<int32_t>{2}),
                            make_tensor(element::i32, {1, 1, 2, 2}, std::vector<int32_t>{1, 2, 3, 4})});
  EXPECT_EQ(out[0].get_shape(), (Shape{1, 1, 3, 3}));
  EXPECT_EQ(values_of<int32_t>(out[0]), (std::vector<int32_t>{2, 0, 4, 0, 0, 0, 6, 0, 8}));
}

TEST(ConvolutionBackpropDataOp, OutputShapeInputSetsPads) {
  // Natural length 5 cut to 4: one pad; explicit puts it first, same_upper last.
  auto shape = v0::Constant::create(element::i64, Shape{1}, std::vector<int64_t>{4});
  for (const auto pad : {PadType::EXPLICIT, PadType::SAME_UPPER}) {
    auto op = std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 1, 2}),
                                                            param(element::f32, Shape{1, 1, 3}), shape, Strides{2},
                                                            CoordinateDiff{0}, CoordinateDiff{0}, Strides{1}, pad);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape("[1,1,4]"));
    const auto out = values_of<float>(run(op, {f32({1, 1, 2}, {1, 2}), f32({1, 1, 3}, {1, 1, 1}),
                                               make_tensor(element::i64, {1}, std::vector<int64_t>{4})})[0]);
    EXPECT_EQ(out, pad == PadType::EXPLICIT ? (std::vector<float>{1, 3, 2, 2}) : (std::vector<float>{1, 1, 3, 2}));
  }
}

TEST(GroupConvolutionBackpropDataOp, EachGroupKeepsItsChannels) {
  auto op = std::make_shared<v1::GroupConvolutionBackpropData>(param(element::f16, Shape{1, 2, 1}),
                                                               param(element::f16, Shape{2, 1, 1, 1}), Strides{1},
                                                               CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  EXPECT_STREQ(op->get_type_info().name, "GroupConvolutionBackpropData");
  const auto out = run(op, {make_tensor(element::f16, {1, 2, 1}, std::vector<float16>{1.0f, 2.0f}),
                            make_tensor(element::f16, {2, 1, 1, 1}, std::vector<float16>{3.0f, 5.0f})});
  const auto values = values_of<float16>(out[0]);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(static_cast<float>(values[0]), 3.0f);
  EXPECT_EQ(static_cast<float>(values[1]), 10.0f);
}

TEST(ConvolutionBackpropDataOp, ShapeInference) {
  auto bounded = std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, PartialShape("[?,4,1..4]")),
                                                               param(element::f32, PartialShape("[4,6,3]")), Strides{2},
                                                               CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  EXPECT_EQ(bounded->get_output_partial_shape(0), PartialShape("[?,6,3..9]"));
  EXPECT_STREQ(bounded->get_type_info().version_id, "opset1");
  auto grouped = std::make_shared<v1::GroupConvolutionBackpropData>(
      param(element::f32, PartialShape("[1,6,?,5]")), param(element::f32, PartialShape("[3,2,4,1,1]")), Strides{1, 1},
      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
  EXPECT_EQ(grouped->get_output_partial_shape(0), PartialShape("[1,12,?,5]"));
  auto runtime_shape = std::make_shared<v1::ConvolutionBackpropData>(
      param(element::f32, Shape{1, 1, 2}), param(element::f32, Shape{1, 1, 3}), param(element::i64, Shape{1}),
      Strides{2}, CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  EXPECT_EQ(runtime_shape->get_output_partial_shape(0), PartialShape("[1,1,?]"));
  auto dynamic = std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, PartialShape::dynamic()),
                                                               param(element::f32, PartialShape::dynamic()), Strides{1},
                                                               CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape::dynamic());
  auto clone =
      dynamic->clone_with_new_inputs({param(element::f32, Shape{1, 2, 3}), param(element::f32, Shape{2, 1, 2})});
  EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape("[1,1,4]"));
}

TEST(ConvolutionBackpropDataOp, ErrorsNameTheNodeAndCause) {
  EXPECT_THROW_WITH(std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 3, 4}),
                                                                  param(element::f32, Shape{2, 1, 3}), Strides{1},
                                                                  CoordinateDiff{0}, CoordinateDiff{0}, Strides{1}),
                    "ConvolutionBackpropData '", "data channels 3 do not match");
  EXPECT_THROW_WITH(std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 2, 4}),
                                                                  param(element::f16, Shape{2, 1, 3}), Strides{1},
                                                                  CoordinateDiff{0}, CoordinateDiff{0}, Strides{1}),
                    "same element type");
  EXPECT_THROW_WITH(std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 2, 4}),
                                                                  param(element::f32, Shape{2, 1, 3}), Strides{1, 1},
                                                                  CoordinateDiff{0}, CoordinateDiff{0}, Strides{1}),
                    "strides and dilations need 1 entries");
  EXPECT_THROW_WITH(std::make_shared<v1::GroupConvolutionBackpropData>(
                        param(element::f32, Shape{1, 2, 4}), param(element::f32, Shape{2, 1, 3}), Strides{1},
                        CoordinateDiff{0}, CoordinateDiff{0}, Strides{1}),
                    "filters [2,1,3] must have rank 4");
  EXPECT_THROW_WITH(std::make_shared<v1::ConvolutionBackpropData>(param(element::f32, Shape{1, 1, 2}),
                                                                  param(element::f32, Shape{1, 1, 1}), Strides{1},
                                                                  CoordinateDiff{3}, CoordinateDiff{3}, Strides{1}),
                    "output length on spatial axis 0 would be -4");
}

}  // namespace
}  // namespace ferry
