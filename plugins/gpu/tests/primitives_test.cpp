// Each GPU primitive against the core's reference evaluate (ReferenceExecutor) on random data.
// Tolerance: |gpu - reference| <= 1e-5 + 1e-4 * |reference| unless a test states otherwise
// (OpenCL's built-in exp/tanh/erf are within a few ulp of the C library's).

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Constant> random_constant(const Shape& shape, unsigned seed) {
  const Tensor values = random_tensor(element::f32, shape, seed);
  const float* data = values.data<float>();
  return op::v0::Constant::create(element::f32, shape, std::vector<float>(data, data + values.get_size()));
}

void check(const std::shared_ptr<Model>& model, double atol = 1e-5, double rtol = 1e-4) {
  expect_matches_reference(model, random_inputs(model, 11), atol, rtol);
}

template <typename Op>
void check_unary(const Shape& shape = {2, 3, 5}) {
  auto x = param(shape);
  check(model_of(std::make_shared<Op>(x), {x}));
}

TEST(GpuPrimitives, UnaryActivations) {
  check_unary<op::v0::Relu>();
  check_unary<op::v0::Sigmoid>();
  check_unary<op::v0::Tanh>();
  check_unary<op::v0::Exp>();
  check_unary<op::v0::Erf>();
  check_unary<op::v0::Abs>();
  check_unary<op::v0::Negative>();
  check_unary<op::v0::Floor>();
  check_unary<op::v0::Ceiling>();
  check_unary<op::v0::Sign>();
  check_unary<op::v4::HSwish>();
  check_unary<op::v5::HSigmoid>();
  check_unary<op::v4::SoftPlus>();
  check_unary<op::v4::Mish>();
}

TEST(GpuPrimitives, UnaryWithAttributes) {
  auto x = param({4, 7});
  check(model_of(std::make_shared<op::v0::Elu>(x, 0.7), {x}));
  check(model_of(std::make_shared<op::v0::Clamp>(x, -0.5, 0.75), {x}));
  check(model_of(std::make_shared<op::v7::Gelu>(x, op::GeluApproximationMode::ERF), {x}));
  check(model_of(std::make_shared<op::v7::Gelu>(x, op::GeluApproximationMode::TANH), {x}));
  check(model_of(std::make_shared<op::v4::Swish>(x), {x}));
  auto beta = op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{1.5f});
  check(model_of(std::make_shared<op::v4::Swish>(x, beta), {x}));
}

TEST(GpuPrimitives, SqrtAndLogOnPositiveInputs) {
  auto x = param({3, 4});
  for (const auto& model :
       {model_of(std::make_shared<op::v0::Sqrt>(x), {x}), model_of(std::make_shared<op::v0::Log>(x), {x})}) {
    TensorVector inputs{random_tensor(element::f32, Shape{3, 4}, 5, 0.1, 4.0)};
    expect_matches_reference(model, inputs);
  }
}

TEST(GpuPrimitives, BinaryArithmeticWithNumpyBroadcast) {
  const std::vector<std::pair<Shape, Shape>> shapes = {
      {{2, 3, 4}, {2, 3, 4}},
      {{2, 3, 4}, {4}},
      {{2, 1, 4}, {3, 1}},
      {{1}, {5, 2}},
      {{6}, {}},
      // walks the kernel collapses (src/broadcast_walk.hpp): per-channel to (N, C, H*W), a scalar
      // to one dimension, and both operands broadcast in turn
      {{2, 3, 4, 5}, {1, 3, 1, 1}},
      {{2, 3, 4, 5}, {}},
      {{1, 3, 1, 5}, {2, 1, 4, 1}},
      {{2, 1, 1, 7}, {2, 3, 5, 7}}};
  for (const auto& [a_shape, b_shape] : shapes) {
    auto a = param(a_shape), b = param(b_shape);
    check(model_of(std::make_shared<op::v1::Add>(a, b), {a, b}));
    check(model_of(std::make_shared<op::v1::Subtract>(a, b), {a, b}));
    check(model_of(std::make_shared<op::v1::Multiply>(a, b), {a, b}));
    check(model_of(std::make_shared<op::v1::Maximum>(a, b), {a, b}));
    check(model_of(std::make_shared<op::v1::Minimum>(a, b), {a, b}));
  }
  auto a = param({3, 4}), b = param({4});
  TensorVector inputs{random_tensor(element::f32, Shape{3, 4}, 1), random_tensor(element::f32, Shape{4}, 2, 0.5, 3)};
  expect_matches_reference(model_of(std::make_shared<op::v1::Divide>(a, b), {a, b}), inputs);
}

TEST(GpuPrimitives, ComparisonsGiveBooleans) {
  auto a = param({2, 5}), b = param({5});
  check(model_of(std::make_shared<op::v1::Less>(a, b), {a, b}));
  check(model_of(std::make_shared<op::v1::GreaterEqual>(a, b), {a, b}));
  check(model_of(std::make_shared<op::v1::NotEqual>(a, a), {a}));
}

TEST(GpuPrimitives, LogicalOps) {
  auto a = param({3, 4}, element::boolean), b = param({4}, element::boolean);
  check(model_of(std::make_shared<op::v1::LogicalAnd>(a, b), {a, b}));
  check(model_of(std::make_shared<op::v1::LogicalXor>(a, b), {a, b}));
  check(model_of(std::make_shared<op::v1::LogicalNot>(a), {a}));
}

TEST(GpuPrimitives, PReluPerChannelAndBroadcast) {
  auto x = param({2, 3, 4, 4});
  check(model_of(std::make_shared<op::v0::PRelu>(x, random_constant({3}, 4)), {x}));
  check(model_of(std::make_shared<op::v0::PRelu>(x, random_constant({4}, 5)), {x}));
}

TEST(GpuPrimitives, MatMulShapesAndTransposes) {
  struct Case {
    Shape a, b;
    bool ta, tb;
  };
  const std::vector<Case> cases = {{{5, 7}, {7, 3}, false, false},
                                   {{7, 5}, {7, 3}, true, false},
                                   {{5, 7}, {3, 7}, false, true},
                                   {{7, 5}, {3, 7}, true, true},
                                   {{2, 3, 17, 33}, {33, 19}, false, false},
                                   {{4, 1, 6, 5}, {3, 5, 2}, false, false},
                                   {{7}, {7, 4}, false, false},
                                   {{3, 7}, {7}, false, false},
                                   {{40, 40}, {40, 40}, false, true}};
  for (const auto& c : cases) {
    auto a = param(c.a), b = param(c.b);
    check(model_of(std::make_shared<op::v0::MatMul>(a, b, c.ta, c.tb), {a, b}), 1e-4, 1e-4);
  }
}

TEST(GpuPrimitives, Convolution2dAnd1d) {
  auto x = param({2, 3, 9, 8});
  auto conv = std::make_shared<op::v1::Convolution>(x, random_constant({4, 3, 3, 3}, 3), Strides{2, 1},
                                                    CoordinateDiff{1, 0}, CoordinateDiff{1, 2}, Strides{1, 2});
  check(model_of(conv, {x}), 1e-4, 1e-4);
  auto same =
      std::make_shared<op::v1::Convolution>(x, random_constant({5, 3, 3, 3}, 4), Strides{1, 1}, CoordinateDiff{0, 0},
                                            CoordinateDiff{0, 0}, Strides{1, 1}, op::PadType::SAME_UPPER);
  check(model_of(same, {x}), 1e-4, 1e-4);
  auto x1 = param({1, 2, 11});
  auto conv1d = std::make_shared<op::v1::Convolution>(x1, random_constant({3, 2, 4}, 6), Strides{2}, CoordinateDiff{1},
                                                      CoordinateDiff{1}, Strides{1});
  check(model_of(conv1d, {x1}), 1e-4, 1e-4);
}

TEST(GpuPrimitives, GroupAndDepthwiseConvolution) {
  auto x = param({1, 4, 7, 7});
  auto grouped = std::make_shared<op::v1::GroupConvolution>(x, random_constant({2, 3, 2, 3, 3}, 7), Strides{1, 1},
                                                            CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  check(model_of(grouped, {x}), 1e-4, 1e-4);
  auto depthwise = std::make_shared<op::v1::GroupConvolution>(
      x, random_constant({4, 1, 1, 3, 3}, 8), Strides{2, 2}, CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  check(model_of(depthwise, {x}), 1e-4, 1e-4);
}

// The depthwise kernel runs a flat range in work-groups of 128: outputs that are not a multiple of
// it (3 x 5 x 13 x 9 = 1755), a batch, a non-square dilated window with asymmetric padding, and
// the 1-D form.
TEST(GpuPrimitives, DepthwiseConvolutionShapes) {
  auto x = param({3, 5, 13, 12});
  auto dilated = std::make_shared<op::v1::GroupConvolution>(x, random_constant({5, 1, 1, 5, 3}, 9), Strides{1, 1},
                                                            CoordinateDiff{2, 0}, CoordinateDiff{2, 1}, Strides{1, 2});
  ASSERT_EQ(dilated->get_output_shape(0), (Shape{3, 5, 13, 9}));
  check(model_of(dilated, {x}), 1e-4, 1e-4);
  auto x1 = param({2, 6, 29});
  auto conv1d = std::make_shared<op::v1::GroupConvolution>(x1, random_constant({6, 1, 1, 4}, 10), Strides{3},
                                                           CoordinateDiff{1}, CoordinateDiff{2}, Strides{1});
  check(model_of(conv1d, {x1}), 1e-4, 1e-4);
}

TEST(GpuPrimitives, Pooling) {
  auto x = param({2, 3, 9, 9});
  check(model_of(std::make_shared<op::v1::MaxPool>(x, Strides{2, 2}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3}), {x}));
  check(model_of(std::make_shared<op::v1::MaxPool>(x, Strides{2, 2}, Shape{0, 0}, Shape{0, 0}, Shape{2, 2},
                                                   op::RoundingType::CEIL),
                 {x}));
  for (bool exclude_pad : {true, false}) {
    check(model_of(
        std::make_shared<op::v1::AvgPool>(x, Strides{2, 2}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3}, exclude_pad), {x}));
    check(model_of(std::make_shared<op::v1::AvgPool>(x, Strides{2, 2}, Shape{0, 0}, Shape{0, 0}, Shape{2, 2},
                                                     exclude_pad, op::RoundingType::CEIL),
                   {x}));
  }
  check(
      model_of(std::make_shared<op::v1::AvgPool>(x, Strides{1, 1}, Shape{0, 0}, Shape{0, 0}, Shape{9, 9}, true), {x}));
}

TEST(GpuPrimitives, SoftmaxOnEveryAxis) {
  auto x = param({2, 3, 4});
  for (int64_t axis : {0, 1, 2, -1}) check(model_of(std::make_shared<op::v8::Softmax>(x, axis), {x}));
  check(model_of(std::make_shared<op::v1::Softmax>(x, 1), {x}));
}

TEST(GpuPrimitives, Reductions) {
  auto x = param({2, 3, 4, 5});
  for (const auto& axes : std::vector<std::vector<int64_t>>{{1}, {2, 3}, {0, 3}, {-1}, {0, 1, 2, 3}})
    for (bool keep : {true, false}) {
      check(model_of(std::make_shared<op::v1::ReduceMean>(x, ints(axes), keep), {x}));
      check(model_of(std::make_shared<op::v1::ReduceSum>(x, ints(axes), keep), {x}), 1e-4, 1e-4);
      check(model_of(std::make_shared<op::v1::ReduceMax>(x, ints(axes), keep), {x}));
    }
}

TEST(GpuPrimitives, TransposeAndConcatMoveAnyElementType) {
  auto x = param({2, 3, 4});
  check(model_of(std::make_shared<op::v1::Transpose>(x, ints({2, 0, 1})), {x}));
  check(model_of(std::make_shared<op::v1::Transpose>(x, ints({})), {x}));
  auto xi = param({2, 3, 4}, element::i64);
  check(model_of(std::make_shared<op::v1::Transpose>(xi, ints({1, 2, 0})), {xi}));
  auto a = param({2, 3, 4}), b = param({2, 1, 4}), c = param({2, 2, 4});
  check(model_of(std::make_shared<op::v0::Concat>(OutputVector{a, b, c}, 1), {a, b, c}));
  check(model_of(std::make_shared<op::v0::Concat>(OutputVector{a, a}, -1), {a}));
}

TEST(GpuPrimitives, ReshapeIsAnAliasBetweenKernels) {
  auto x = param({2, 3, 4});
  auto relu = std::make_shared<op::v0::Relu>(x);
  auto reshape = std::make_shared<op::v1::Reshape>(relu, ints({6, 4}), false);
  check(model_of(std::make_shared<op::v0::Sigmoid>(reshape), {x}));
  check(model_of(reshape, {x}));  // an output that is an alias of a kernel's result
}

TEST(GpuPrimitives, ConvertBetweenTypes) {
  auto x = param({3, 5});
  for (const auto& to : {element::f16, element::i32, element::i64, element::u8, element::boolean, element::i8}) {
    auto convert = std::make_shared<op::v0::Convert>(x, to);
    check(model_of(std::make_shared<op::v0::Convert>(convert, element::f32), {x}), 1e-3, 1e-3);
  }
  auto xi = param({7}, element::i32);
  check(model_of(std::make_shared<op::v0::Convert>(xi, element::f32), {xi}));
}

TEST(GpuPrimitives, BatchNormInference) {
  auto x = param({2, 3, 4, 4});
  TensorVector inputs{random_tensor(element::f32, Shape{2, 3, 4, 4}, 1)};
  auto variance = op::v0::Constant::create(element::f32, Shape{3}, std::vector<float>{0.5f, 1.0f, 2.0f});
  auto bn = std::make_shared<op::v5::BatchNormInference>(x, random_constant({3}, 2), random_constant({3}, 3),
                                                         random_constant({3}, 4), variance, 1e-3);
  expect_matches_reference(model_of(bn, {x}), inputs);
}

}  // namespace
}  // namespace ferry::gpu::test
