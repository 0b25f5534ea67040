#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/prelu.hpp"
#include "ferry/graph/ops/swish.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

TEST(PReluOp, ShapeInference) {
  auto channel = std::make_shared<v0::PRelu>(param(element::f32, PartialShape("[?,3,1..8,8]")),
                                             param(element::f32, PartialShape("[3]")));
  EXPECT_EQ(channel->get_output_partial_shape(0), PartialShape("[?,3,1..8,8]"));
  auto numpy = std::make_shared<v0::PRelu>(param(element::f16, PartialShape("[2,4,5]")),
                                           param(element::f16, PartialShape("[4,1]")));
  EXPECT_EQ(numpy->get_output_partial_shape(0), PartialShape("[2,4,5]"));
  EXPECT_EQ(numpy->get_output_element_type(0), element::f16);
  auto dynamic = std::make_shared<v0::PRelu>(param(element::dynamic, PartialShape::dynamic()),
                                             param(element::i32, PartialShape("[?]")));
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape::dynamic());
  EXPECT_EQ(dynamic->get_output_element_type(0), element::i32);
  EXPECT_STREQ(dynamic->get_type_info().version_id, "opset1");
}

TEST(PReluOp, ShapeInferenceErrorsNameTheNode) {
  EXPECT_THROW_WITH(std::make_shared<v0::PRelu>(param(element::f32, Shape{1, 3, 4}), param(element::f16, Shape{3})),
                    "PRelu '", "element types do not match");
  EXPECT_THROW_WITH(std::make_shared<v0::PRelu>(param(element::f32, Shape{1, 3, 4}), param(element::f32, Shape{5})),
                    "PRelu '", "slope shape [5]", "[1,3,4]");
  EXPECT_THROW_WITH(std::make_shared<v0::PRelu>(param(element::f32, Shape{3, 4}), param(element::f32, Shape{2, 3, 4})),
                    "PRelu '", "broadcasts");
}

TEST(PReluOp, PerChannelSlope) {
  auto data = param(element::f32, PartialShape::dynamic());
  auto slope = param(element::f32, PartialShape::dynamic());
  auto prelu = std::make_shared<v0::PRelu>(data, slope);
  // data [1,2,3]: channel 0 = {-1, 2, -3}, channel 1 = {-4, 5, -6}; slopes 0.5 and 2.
  const auto out =
      values_of<float>(run(prelu, {make_tensor(element::f32, {1, 2, 3}, std::vector<float>{-1, 2, -3, -4, 5, -6}),
                                   make_tensor(element::f32, {2}, std::vector<float>{0.5f, 2.f})})[0]);
  EXPECT_EQ(out, (std::vector<float>{-0.5f, 2, -1.5f, -8, 5, -12}));
}

TEST(PReluOp, NumpyBroadcastSlopeAgainstNaiveLoop) {
  // data [2,3,4], slope [3,1]: slope varies along axis 1 only, broadcast over axes 0 and 2.
  std::vector<float> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = (i % 5 == 0 ? 1.f : -1.f) * float(i) * 0.25f;
  const std::vector<float> s = {0.1f, -0.2f, 3.f};
  auto prelu = std::make_shared<v0::PRelu>(param(element::f32, PartialShape::dynamic()),
                                           param(element::f32, PartialShape::dynamic()));
  const auto out =
      values_of<float>(run(prelu, {make_tensor(element::f32, {2, 3, 4}, x), make_tensor(element::f32, {3, 1}, s)})[0]);
  for (size_t n = 0; n < 2; ++n)
    for (size_t c = 0; c < 3; ++c)
      for (size_t w = 0; w < 4; ++w) {
        const size_t i = (n * 3 + c) * 4 + w;
        EXPECT_FLOAT_EQ(out[i], x[i] >= 0 ? x[i] : x[i] * s[c]) << i;
      }
  // Scalar slope, integers.
  auto ip = std::make_shared<v0::PRelu>(param(element::i32, PartialShape::dynamic()),
                                        param(element::i32, PartialShape::dynamic()));
  EXPECT_EQ(values_of<int32_t>(run(ip, {make_tensor(element::i32, {3}, std::vector<int32_t>{-3, 0, 4}),
                                        make_tensor(element::i32, {}, std::vector<int32_t>{2})})[0]),
            (std::vector<int32_t>{-6, 0, 4}));
}

TEST(PReluOp, Bf16ComputesInF32AndClones) {
  auto d = param(element::bf16, PartialShape::dynamic());
  auto s = param(element::bf16, PartialShape::dynamic());
  auto prelu = std::make_shared<v0::PRelu>(d, s);
  const auto out = values_of<bfloat16>(
      run(prelu, {make_tensor(element::bf16, {2}, std::vector<bfloat16>{bfloat16(-2.f), bfloat16(1.5f)}),
                  make_tensor(element::bf16, {}, std::vector<bfloat16>{bfloat16(0.25f)})})[0]);
  EXPECT_EQ(float(out[0]), -0.5f);  // exact in bf16
  EXPECT_EQ(float(out[1]), 1.5f);
  EXPECT_TRUE(is_type<v0::PRelu>(prelu->clone_with_new_inputs({d, s})));
  EXPECT_THROW_WITH(prelu->clone_with_new_inputs({d}), "PRelu '", "expects 2 inputs");
}

TEST(SwishOp, ShapeInferenceAndErrors) {
  auto x = param(element::f32, PartialShape("[?,2..5]"));
  auto swish = std::make_shared<v4::Swish>(x, param(element::f32, PartialShape{}));
  EXPECT_EQ(swish->get_output_partial_shape(0), PartialShape("[?,2..5]"));
  EXPECT_STREQ(swish->get_type_info().version_id, "opset4");
  EXPECT_EQ(std::make_shared<v4::Swish>(param(element::f16, PartialShape::dynamic()))->get_output_partial_shape(0),
            PartialShape::dynamic());
  EXPECT_THROW_WITH(std::make_shared<v4::Swish>(x, param(element::f32, Shape{2})), "Swish '", "beta must be a scalar");
  EXPECT_THROW_WITH(std::make_shared<v4::Swish>(x, param(element::f16, Shape{})), "Swish '", "beta element type f16");
  EXPECT_THROW_WITH(std::make_shared<v4::Swish>(param(element::i32, Shape{2})), "Swish '", "floating point");
}

TEST(SwishOp, MatchesSigmoidFormulation) {
  const std::vector<float> x = {-6.f, -1.f, 0.f, 0.5f, 3.f};
  auto p = param(element::f32, PartialShape::dynamic());
  auto b = param(element::f32, PartialShape::dynamic());
  const auto plain = values_of<float>(run(std::make_shared<v4::Swish>(p), {make_tensor(element::f32, {5}, x)})[0]);
  const auto beta = values_of<float>(
      run(std::make_shared<v4::Swish>(p, b),
          {make_tensor(element::f32, {5}, x), make_tensor(element::f32, {}, std::vector<float>{2.f})})[0]);
  for (size_t i = 0; i < x.size(); ++i) {
    // x * sigmoid(beta x), with sigmoid(z) = (1 + tanh(z / 2)) / 2.
    EXPECT_NEAR(plain[i], x[i] * 0.5 * (1 + std::tanh(x[i] / 2.0)), 1e-6) << x[i];
    EXPECT_NEAR(beta[i], x[i] * 0.5 * (1 + std::tanh(x[i])), 1e-6) << x[i];
  }
  auto h = param(element::f16, PartialShape::dynamic());
  const auto half = values_of<float16>(
      run(std::make_shared<v4::Swish>(h), {make_tensor(element::f16, {1}, std::vector<float16>{float16(2.f)})})[0]);
  EXPECT_NEAR(float(half[0]), 2.0 / (1 + std::exp(-2.0)), 2e-3);
  EXPECT_EQ(std::make_shared<v4::Swish>(p, b)->clone_with_new_inputs({p, b})->get_input_size(), 2u);
}

}  // namespace
}  // namespace ferry
