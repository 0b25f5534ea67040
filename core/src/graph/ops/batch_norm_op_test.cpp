#include "ferry/graph/ops/batch_norm.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::shared_ptr<v5::BatchNormInference> make_bn(const element::Type& type, const PartialShape& data,
                                                const PartialShape& channels, double epsilon = 1e-5) {
  return std::make_shared<v5::BatchNormInference>(param(type, data), param(type, channels), param(type, channels),
                                                  param(type, channels), param(type, channels), epsilon);
}

TEST(BatchNormInferenceOp, ShapeInference) {
  EXPECT_EQ(make_bn(element::f32, PartialShape("[2,3,4,4]"), PartialShape("[3]"))->get_output_partial_shape(0),
            PartialShape("[2,3,4,4]"));
  // The channel dimension is refined by the 1-D inputs.
  EXPECT_EQ(make_bn(element::f16, PartialShape("[?,?,1..5]"), PartialShape("[2..4]"))->get_output_partial_shape(0),
            PartialShape("[?,2..4,1..5]"));
  EXPECT_EQ(make_bn(element::f16, PartialShape("[?,1..8]"), PartialShape("[6]"))->get_output_partial_shape(0),
            PartialShape("[?,6]"));
  EXPECT_EQ(make_bn(element::dynamic, PartialShape::dynamic(), PartialShape::dynamic())->get_output_partial_shape(0),
            PartialShape::dynamic());
  auto bn = make_bn(element::bf16, PartialShape("[1,2]"), PartialShape("[2]"), 0.25);
  EXPECT_EQ(bn->get_output_element_type(0), element::bf16);
  EXPECT_STREQ(bn->get_type_info().name, "BatchNormInference");
  EXPECT_STREQ(bn->get_type_info().version_id, "opset5");
}

TEST(BatchNormInferenceOp, ShapeInferenceErrorsNameTheNode) {
  EXPECT_THROW_WITH(make_bn(element::f32, PartialShape("[2,3,4]"), PartialShape("[4]")), "BatchNormInference '",
                    "'gamma' shape [4]", "channel dimension 3");
  EXPECT_THROW_WITH(make_bn(element::f32, PartialShape("[3]"), PartialShape("[3]")), "BatchNormInference '",
                    "rank >= 2");
  EXPECT_THROW_WITH(make_bn(element::f32, PartialShape("[1,3]"), PartialShape("[1,3]")), "'gamma' must be 1-D");
  EXPECT_THROW_WITH(make_bn(element::i32, PartialShape("[1,3]"), PartialShape("[3]")), "floating point", "i32");
  EXPECT_THROW_WITH(make_bn(element::f32, PartialShape("[1,3]"), PartialShape("[3]"), -1.0), "'epsilon' must be >= 0");
  EXPECT_THROW_WITH(std::make_shared<v5::BatchNormInference>(
                        param(element::f32, Shape{1, 2}), param(element::f32, Shape{2}), param(element::f16, Shape{2}),
                        param(element::f32, Shape{2}), param(element::f32, Shape{2}), 0.0),
                    "BatchNormInference '", "'beta' element type f16");
}

TEST(BatchNormInferenceOp, F32MatchesNaiveFormula) {
  // data [2,3,2]: normalize each channel with its own statistics.
  std::vector<float> x(12);
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(i) * 0.5f - 2.f;
  const std::vector<float> gamma = {1.f, 2.f, -0.5f}, beta = {0.f, 1.f, 3.f}, mean = {0.5f, -1.f, 2.f},
                           var = {1.f, 4.f, 0.25f};
  const double eps = 0.01;
  auto bn = make_bn(element::f32, PartialShape::dynamic(), PartialShape::dynamic(), eps);
  const auto y =
      values_of<float>(run(bn, {make_tensor(element::f32, {2, 3, 2}, x), make_tensor(element::f32, {3}, gamma),
                                make_tensor(element::f32, {3}, beta), make_tensor(element::f32, {3}, mean),
                                make_tensor(element::f32, {3}, var)})[0]);
  ASSERT_EQ(y.size(), 12u);
  for (size_t i = 0; i < 12; ++i) {
    const size_t c = (i / 2) % 3;
    const double expected = (x[i] - mean[c]) / std::sqrt(var[c] + eps) * gamma[c] + beta[c];
    EXPECT_NEAR(y[i], expected, 1e-5) << i;
  }
}

TEST(BatchNormInferenceOp, HalfTypesAndClone) {
  // x = 3, mean 1, var 3, eps 1 -> (3 - 1) / 2 = 1; gamma 2, beta 0.5 -> 2.5 (exact in f16).
  auto bn = make_bn(element::f16, PartialShape::dynamic(), PartialShape::dynamic(), 1.0);
  auto h = [](float v) { return make_tensor(element::f16, {1}, std::vector<float16>{float16(v)}); };
  const auto y = values_of<float16>(run(
      bn, {make_tensor(element::f16, {1, 1}, std::vector<float16>{float16(3.f)}), h(2.f), h(0.5f), h(1.f), h(3.f)})[0]);
  EXPECT_EQ(float(y[0]), 2.5f);
  OutputVector args;
  for (size_t i = 0; i < 5; ++i) args.push_back(bn->input_value(i));
  auto copy = std::dynamic_pointer_cast<v5::BatchNormInference>(bn->clone_with_new_inputs(args));
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->get_eps_value(), 1.0);
  EXPECT_THROW_WITH(bn->clone_with_new_inputs({args[0]}), "BatchNormInference '", "expects 5 inputs");
}

}  // namespace
}  // namespace ferry
