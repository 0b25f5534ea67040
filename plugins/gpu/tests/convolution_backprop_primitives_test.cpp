// The convolution_backprop primitive (ConvolutionBackpropData-1, GroupConvolutionBackpropData-1)
// against the core's reference evaluate: 1-D to 3-D, strides, dilations, pads, output_padding,
// auto_pad same_upper/same_lower/valid, the output_shape input, groups.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/convolution_backprop.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

using op::PadType;
using op::v1::ConvolutionBackpropData;
using op::v1::GroupConvolutionBackpropData;

std::shared_ptr<op::v0::Parameter> param(const Shape& shape) {
  return std::make_shared<op::v0::Parameter>(element::f32, PartialShape(shape));
}

std::shared_ptr<op::v0::Constant> weights(const Shape& shape, unsigned seed) {
  const Tensor values = random_tensor(element::f32, shape, seed);
  const float* data = values.data<float>();
  return op::v0::Constant::create(element::f32, shape, std::vector<float>(data, data + values.get_size()));
}

void check(const Output<Node>& output, const ParameterVector& parameters) {
  auto model = std::make_shared<Model>(OutputVector{output}, parameters, "convolution_backprop");
  expect_matches_reference(model, random_inputs(model, 37), 1e-4, 1e-4);
}

TEST(GpuConvolutionBackpropPrimitives, StridesDilationsPadsAndOutputPadding) {
  auto x = param({2, 3, 5, 4});
  auto w = weights({3, 4, 3, 2}, 1);
  check(std::make_shared<ConvolutionBackpropData>(x, w, Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
                                                  Strides{1, 1}),
        {x});
  check(std::make_shared<ConvolutionBackpropData>(x, w, Strides{2, 3}, CoordinateDiff{1, 0}, CoordinateDiff{0, 1},
                                                  Strides{1, 2}, PadType::EXPLICIT, CoordinateDiff{1, 2}),
        {x});
  check(std::make_shared<ConvolutionBackpropData>(x, w, Strides{3, 2}, CoordinateDiff{2, 1}, CoordinateDiff{2, 1},
                                                  Strides{2, 1}),
        {x});
}

TEST(GpuConvolutionBackpropPrimitives, AutoPadAndOutputShape) {
  auto x = param({1, 2, 4, 5});
  auto w = weights({2, 3, 3, 3}, 2);
  for (PadType pad : {PadType::SAME_UPPER, PadType::SAME_LOWER, PadType::VALID})
    check(std::make_shared<ConvolutionBackpropData>(x, w, Strides{2, 2}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
                                                    Strides{1, 1}, pad),
          {x});
  auto shape = op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{9, 10});
  for (PadType pad : {PadType::EXPLICIT, PadType::SAME_UPPER})
    check(std::make_shared<ConvolutionBackpropData>(x, w, shape, Strides{2, 2}, CoordinateDiff{0, 0},
                                                    CoordinateDiff{0, 0}, Strides{1, 1}, pad),
          {x});
}

TEST(GpuConvolutionBackpropPrimitives, OneAndThreeSpatialAxes) {
  auto x1 = param({2, 3, 7});
  check(std::make_shared<ConvolutionBackpropData>(x1, weights({3, 2, 4}, 3), Strides{2}, CoordinateDiff{1},
                                                  CoordinateDiff{2}, Strides{1}),
        {x1});
  auto x3 = param({1, 2, 3, 4, 3});
  check(std::make_shared<ConvolutionBackpropData>(x3, weights({2, 2, 2, 3, 2}, 4), Strides{2, 1, 2},
                                                  CoordinateDiff{0, 1, 0}, CoordinateDiff{1, 0, 0}, Strides{1, 1, 2}),
        {x3});
}

TEST(GpuConvolutionBackpropPrimitives, Groups) {
  auto x = param({2, 6, 4, 4});
  check(std::make_shared<GroupConvolutionBackpropData>(x, weights({3, 2, 2, 3, 3}, 5), Strides{2, 2},
                                                       CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1},
                                                       PadType::EXPLICIT, CoordinateDiff{1, 0}),
        {x});
  // Depthwise: one input and one output channel per group.
  check(std::make_shared<GroupConvolutionBackpropData>(x, weights({6, 1, 1, 2, 2}, 6), Strides{2, 2},
                                                       CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}),
        {x});
}

}  // namespace
}  // namespace ferry::gpu::test
