#include "ferry/graph/ops/scaled_dot_product_attention.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v13::ScaledDotProductAttention;

std::shared_ptr<ScaledDotProductAttention> sdpa(const std::vector<PartialShape>& shapes, bool causal = false,
                                                element::Type mask_type = element::f32) {
  OutputVector inputs;
  for (size_t i = 0; i < shapes.size(); ++i) inputs.push_back(param(i == 3 ? mask_type : element::f32, shapes[i]));
  return std::make_shared<ScaledDotProductAttention>(inputs, causal);
}

std::vector<float> random_values(size_t count, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  std::vector<float> values(count);
  for (float& v : values) v = dist(engine);
  return values;
}

TEST(ScaledDotProductAttention, ShapeInference) {
  EXPECT_EQ(sdpa({PartialShape("[2,4,5,8]"), PartialShape("[2,4,7,8]"), PartialShape("[2,4,7,3]")})
                ->get_output_partial_shape(0),
            PartialShape("[2,4,5,3]"));
  EXPECT_EQ(sdpa({PartialShape("[?,12,?,32]"), PartialShape("[?,12,?,32]"), PartialShape("[?,12,?,32]"),
                  PartialShape("[?,1,1,?]")})
                ->get_output_partial_shape(0),
            PartialShape("[?,12,?,32]"));
  EXPECT_EQ(
      sdpa({PartialShape("[1,5,8]"), PartialShape("[3,1,7,8]"), PartialShape("[7,2]")})->get_output_partial_shape(0),
      PartialShape("[3,1,5,2]"));
  EXPECT_EQ(
      sdpa({PartialShape::dynamic(), PartialShape("[2,7,8]"), PartialShape("[2,7,8]")})->get_output_partial_shape(0),
      PartialShape::dynamic());
}

TEST(ScaledDotProductAttention, ShapeErrorsNameTheCause) {
  EXPECT_THROW_WITH(sdpa({PartialShape("[2,5,8]"), PartialShape("[2,7,4]"), PartialShape("[2,7,3]")}),
                    "ScaledDotProductAttention", "embedding sizes differ");
  EXPECT_THROW_WITH(sdpa({PartialShape("[2,5,8]"), PartialShape("[2,7,8]"), PartialShape("[2,6,3]")}),
                    "sequence lengths differ");
  EXPECT_THROW_WITH(
      sdpa({PartialShape("[2,5,8]"), PartialShape("[2,7,8]"), PartialShape("[2,7,3]"), PartialShape("[2,5,6]")}),
      "attention_mask", "does not broadcast");
  EXPECT_THROW_WITH(sdpa({PartialShape("[2,5,8]"), PartialShape("[2,7,8]")}), "expects 3 to 5 inputs");
  EXPECT_THROW_WITH(
      sdpa({PartialShape("[2,5,8]"), PartialShape("[2,7,8]"), PartialShape("[2,7,3]"), PartialShape("[2,5,7]")}, false,
           element::i32),
      "boolean or real");
}

TEST(ScaledDotProductAttention, UniformScoresAverageTheValues) {
  // Zero queries give equal scores, so each output row is the mean of the value rows: by hand.
  auto node = sdpa({PartialShape("[1,2,2]"), PartialShape("[1,3,2]"), PartialShape("[1,3,1]")});
  const auto out = run(node, {make_tensor<float>(element::f32, {1, 2, 2}, {0, 0, 0, 0}),
                              make_tensor<float>(element::f32, {1, 3, 2}, {1, 2, 3, 4, 5, 6}),
                              make_tensor<float>(element::f32, {1, 3, 1}, {3, 6, 9})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{1, 2, 1}));
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{6, 6}));
}

TEST(ScaledDotProductAttention, CausalAndBooleanMasksHideLaterPositions) {
  // Row i may only see value rows 0..i: with zero queries that is the mean of the first i+1 values.
  const TensorVector inputs = {make_tensor<float>(element::f32, {3, 2}, std::vector<float>(6, 0.f)),
                               make_tensor<float>(element::f32, {3, 2}, {1, 2, 3, 4, 5, 6}),
                               make_tensor<float>(element::f32, {3, 1}, {3, 6, 9})};
  const std::vector<float> expected = {3, 4.5f, 6};
  auto causal = sdpa({PartialShape("[3,2]"), PartialShape("[3,2]"), PartialShape("[3,1]")}, true);
  EXPECT_EQ(values_of<float>(run(causal, inputs)[0]), expected);

  Tensor lower(element::boolean, Shape{3, 3});
  char* keep = static_cast<char*>(lower.data());
  for (size_t i = 0; i < 3; ++i)
    for (size_t j = 0; j < 3; ++j) keep[i * 3 + j] = j <= i;
  auto masked = sdpa({PartialShape("[3,2]"), PartialShape("[3,2]"), PartialShape("[3,1]"), PartialShape("[3,3]")},
                     false, element::boolean);
  TensorVector with_mask = inputs;
  with_mask.push_back(lower);
  EXPECT_EQ(values_of<float>(run(masked, with_mask)[0]), expected);
}

// Against the same computation assembled from MatMul, Multiply, Add and Softmax nodes.
TEST(ScaledDotProductAttention, MatchesMatMulSoftmaxComposition) {
  const Shape qs{2, 3, 4, 8}, ks{2, 3, 6, 8}, vs{2, 3, 6, 5}, ms{2, 1, 1, 6};
  const TensorVector inputs = {make_tensor(element::f32, qs, random_values(shape_size(qs), 1)),
                               make_tensor(element::f32, ks, random_values(shape_size(ks), 2)),
                               make_tensor(element::f32, vs, random_values(shape_size(vs), 3)),
                               make_tensor(element::f32, ms, random_values(shape_size(ms), 4)),
                               make_tensor<float>(element::f32, {}, {0.3f})};
  auto node = sdpa({qs, ks, vs, ms, Shape{}});
  const std::vector<float> got = values_of<float>(run(node, inputs)[0]);

  auto p = param(element::f32, PartialShape::dynamic());
  const Tensor scores = run(std::make_shared<op::v0::MatMul>(p, p, false, true), {inputs[0], inputs[1]})[0];
  const Tensor scaled = run(std::make_shared<op::v1::Multiply>(p, p), {scores, inputs[4]})[0];
  const Tensor biased = run(std::make_shared<op::v1::Add>(p, p), {scaled, inputs[3]})[0];
  const Tensor weights = run(std::make_shared<op::v8::Softmax>(p, -1), {biased})[0];
  const std::vector<float> expected =
      values_of<float>(run(std::make_shared<op::v0::MatMul>(p, p), {weights, inputs[2]})[0]);
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], 1e-5f) << "element " << i;  // f32 rounding
}

TEST(ScaledDotProductAttention, DefaultScaleIsInverseSqrtOfEmbedding) {
  // One query against two keys: scores 4/sqrt(4)=2 and 0, so weights e^2/(e^2+1) and 1/(e^2+1).
  auto node = sdpa({PartialShape("[1,4]"), PartialShape("[2,4]"), PartialShape("[2,1]")});
  const auto out = run(node, {make_tensor<float>(element::f32, {1, 4}, {1, 1, 1, 1}),
                              make_tensor<float>(element::f32, {2, 4}, {1, 1, 1, 1, 0, 0, 0, 0}),
                              make_tensor<float>(element::f32, {2, 1}, {1, 0})})[0];
  EXPECT_NEAR(values_of<float>(out)[0], std::exp(2.0) / (std::exp(2.0) + 1), 1e-6);
}

}  // namespace
}  // namespace ferry
