#include "ferry/graph/ops/unary_math.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/op_registry.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::vector<float> run_f32(const std::shared_ptr<Node>& node, const std::vector<float>& x) {
  return values_of<float>(run(node, {make_tensor(element::f32, {x.size()}, x)})[0]);
}

TEST(UnaryMathOps, ShapeInferenceAndTypeErrors) {
  for (const char* shape : {"[2,3]", "[?,1..4]", "[...]", "[]"}) {
    auto sqrt = std::make_shared<v0::Sqrt>(param(element::bf16, PartialShape(shape)));
    EXPECT_EQ(sqrt->get_output_partial_shape(0), PartialShape(shape));
    EXPECT_EQ(sqrt->get_output_element_type(0), element::bf16);
    auto gelu = std::make_shared<v7::Gelu>(param(element::dynamic, PartialShape(shape)));
    EXPECT_EQ(gelu->get_output_partial_shape(0), PartialShape(shape));
  }
  auto abs = std::make_shared<v0::Abs>(param(element::i64, Shape{4}));
  EXPECT_EQ(abs->get_output_element_type(0), element::i64);
  EXPECT_THROW_WITH(std::make_shared<v0::Sign>(param(element::boolean, Shape{2})), "Sign '", "numeric", "boolean");
  EXPECT_THROW_WITH(std::make_shared<v7::Gelu>(param(element::i32, Shape{2})), "Gelu '", "i32");
}

TEST(UnaryMathOps, ErfAndGeluAgainstSeriesAndTable) {
  const std::vector<float> x = {-2.f, -0.5f, 0.f, 0.25f, 1.f, 3.f};
  auto p = param(element::f32, PartialShape::dynamic());
  const auto erf = run_f32(std::make_shared<v0::Erf>(p), x);
  const auto gelu = run_f32(std::make_shared<v7::Gelu>(p), x);
  const auto gelu_tanh = run_f32(std::make_shared<v7::Gelu>(p, GeluApproximationMode::TANH), x);
  for (size_t i = 0; i < x.size(); ++i) {
    // erf by its Maclaurin series 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)), exact for |x| <= 3.
    const double xd = x[i];
    double term = xd, series = 0;
    for (int n = 0; n < 80; ++n) {
      series += term / (2 * n + 1);
      term *= -xd * xd / (n + 1);
    }
    const double expected_erf = 2 / std::sqrt(3.141592653589793) * series;
    EXPECT_NEAR(erf[i], expected_erf, 1e-6) << x[i];
    EXPECT_NEAR(gelu[i], xd * 0.5 * (1 + std::erf(xd * 0.7071067811865476)), 1e-6) << x[i];
    // tanh(z) = 1 - 2 / (1 + e^(2z)): x * sigmoid(2z) with z = sqrt(2/pi) (x + 0.044715 x^3).
    const double z = 0.7978845608028654 * (xd + 0.044715 * xd * xd * xd);
    EXPECT_NEAR(gelu_tanh[i], xd / (1 + std::exp(-2 * z)), 1e-6) << x[i];
  }
  // Hand values: gelu(1) = 0.8413447, gelu_tanh(1) = 0.8411920.
  EXPECT_NEAR(gelu[4], 0.8413447f, 1e-6);
  EXPECT_NEAR(gelu_tanh[4], 0.8411920f, 1e-6);
}

TEST(UnaryMathOps, SimpleFloatFunctions) {
  const std::vector<float> x = {-2.5f, -1.5f, -0.5f, 0.f, 0.5f, 1.5f, 2.5f, 2.7f};
  auto p = param(element::f32, PartialShape::dynamic());
  EXPECT_EQ(run_f32(std::make_shared<v0::Abs>(p), x),
            (std::vector<float>{2.5f, 1.5f, 0.5f, 0, 0.5f, 1.5f, 2.5f, 2.7f}));
  EXPECT_EQ(run_f32(std::make_shared<v0::Negative>(p), x),
            (std::vector<float>{2.5f, 1.5f, 0.5f, -0.f, -0.5f, -1.5f, -2.5f, -2.7f}));
  EXPECT_EQ(run_f32(std::make_shared<v0::Floor>(p), x), (std::vector<float>{-3, -2, -1, 0, 0, 1, 2, 2}));
  EXPECT_EQ(run_f32(std::make_shared<v0::Ceiling>(p), x), (std::vector<float>{-2, -1, -0.f, 0, 1, 2, 3, 3}));
  EXPECT_EQ(run_f32(std::make_shared<v0::Sign>(p), x), (std::vector<float>{-1, -1, -1, 0, 1, 1, 1, 1}));
  EXPECT_EQ(run_f32(std::make_shared<v5::Round>(p), x), (std::vector<float>{-2, -2, -0.f, 0, 0, 2, 2, 3}));
  EXPECT_EQ(run_f32(std::make_shared<v5::Round>(p, RoundMode::HALF_AWAY_FROM_ZERO), x),
            (std::vector<float>{-3, -2, -1, 0, 1, 2, 3, 3}));
  const auto sqrt = run_f32(std::make_shared<v0::Sqrt>(p), {0.f, 4.f, 2.f, -1.f});
  EXPECT_EQ(sqrt[0], 0.f);
  EXPECT_EQ(sqrt[1], 2.f);
  EXPECT_NEAR(sqrt[2] * sqrt[2], 2.f, 1e-6);
  EXPECT_TRUE(std::isnan(sqrt[3]));
  const auto log = run_f32(std::make_shared<v0::Log>(p), {1.f, 7.389056f, 0.f});
  EXPECT_EQ(log[0], 0.f);
  EXPECT_NEAR(log[1], 2.f, 1e-6);
  EXPECT_TRUE(std::isinf(log[2]) && log[2] < 0);
}

TEST(UnaryMathOps, HalfTypesComputeInF32) {
  auto h = param(element::f16, PartialShape::dynamic());
  const auto f16_in = make_tensor(element::f16, {3}, std::vector<float16>{-1.5f, 0.25f, 9.f});
  const auto abs = values_of<float16>(run(std::make_shared<v0::Abs>(h), {f16_in})[0]);
  EXPECT_EQ(float(abs[0]), 1.5f);
  const auto sqrt = values_of<float16>(run(std::make_shared<v0::Sqrt>(h), {f16_in})[0]);
  EXPECT_EQ(float(sqrt[1]), 0.5f);
  EXPECT_EQ(float(sqrt[2]), 3.f);
  auto b = param(element::bf16, PartialShape::dynamic());
  const auto gelu = values_of<bfloat16>(
      run(std::make_shared<v7::Gelu>(b), {make_tensor(element::bf16, {2}, std::vector<bfloat16>{1.f, -10.f})})[0]);
  EXPECT_NEAR(float(gelu[0]), 0.8413f, 4e-3);  // bf16 has 8 significant bits
  EXPECT_NEAR(float(gelu[1]), 0.f, 1e-6);
}

TEST(UnaryMathOps, IntegerKernels) {
  auto i = param(element::i32, PartialShape::dynamic());
  const auto in = make_tensor(element::i32, {4}, std::vector<int32_t>{-7, 0, 9, INT32_MIN});
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Abs>(i), {in})[0]), (std::vector<int32_t>{7, 0, 9, INT32_MIN}));
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Negative>(i), {in})[0]),
            (std::vector<int32_t>{7, 0, -9, INT32_MIN}));  // wraps
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Sign>(i), {in})[0]), (std::vector<int32_t>{-1, 0, 1, -1}));
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Floor>(i), {in})[0]), values_of<int32_t>(in));
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v5::Round>(i), {in})[0]), values_of<int32_t>(in));
  // Real functions on integers are rounded: sqrt(9) = 3, erf(-7) = -1.
  const auto sqrt = values_of<int32_t>(run(std::make_shared<v0::Sqrt>(i), {in})[0]);
  EXPECT_EQ(sqrt[2], 3);
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Erf>(i), {in})[0])[0], -1);
  auto u = param(element::u8, PartialShape::dynamic());
  const auto uin = make_tensor(element::u8, {2}, std::vector<uint8_t>{0, 3});
  EXPECT_EQ(values_of<uint8_t>(run(std::make_shared<v0::Negative>(u), {uin})[0]), (std::vector<uint8_t>{0, 253}));
  EXPECT_EQ(values_of<uint8_t>(run(std::make_shared<v0::Sign>(u), {uin})[0]), (std::vector<uint8_t>{0, 1}));
}

TEST(UnaryMathOps, CloneKeepsModesAndRegistryNamesVersions) {
  auto p = param(element::f32, Shape{2});
  auto gelu = std::make_shared<v7::Gelu>(p, GeluApproximationMode::TANH);
  auto clone = std::dynamic_pointer_cast<v7::Gelu>(gelu->clone_with_new_inputs({p}));
  ASSERT_TRUE(clone);
  EXPECT_EQ(clone->get_approximation_mode(), GeluApproximationMode::TANH);
  auto round = std::make_shared<v5::Round>(p, RoundMode::HALF_AWAY_FROM_ZERO);
  EXPECT_EQ(std::dynamic_pointer_cast<v5::Round>(round->clone_with_new_inputs({p}))->get_mode(),
            RoundMode::HALF_AWAY_FROM_ZERO);
  auto& registry = OpRegistry::global();
  EXPECT_TRUE(registry.contains("Gelu", "opset7"));
  EXPECT_FALSE(registry.contains("Gelu", "opset1"));
  EXPECT_TRUE(registry.contains("Round", "opset5"));
  for (const char* name : {"Erf", "Sqrt", "Log", "Abs", "Negative", "Floor", "Ceiling", "Sign"})
    EXPECT_STREQ(registry.create(name, "opset1")->get_type_name(), name);
  EXPECT_THROW(enum_from_string<GeluApproximationMode>("fast", "approximation_mode"), Exception);
  EXPECT_EQ(enum_from_string<GeluApproximationMode>("tanh", "approximation_mode"), GeluApproximationMode::TANH);
}

}  // namespace
}  // namespace ferry
