#include "ferry/graph/ops/activation.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

const std::vector<float> kInputs = {-30.f, -4.f, -3.f, -1.f, -0.25f, 0.f, 0.5f, 2.f, 3.f, 5.f, 40.f};

std::vector<float> eval_f32(const std::shared_ptr<Node>& node) {
  return values_of<float>(run(node, {make_tensor(element::f32, {kInputs.size()}, kInputs)})[0]);
}

std::shared_ptr<v0::Parameter> any_f32() { return param(element::f32, PartialShape::dynamic()); }

TEST(ActivationOps, TypeNamesAndVersions) {
  EXPECT_STREQ(v4::HSwish().get_type_info().name, "HSwish");
  EXPECT_STREQ(v4::HSwish().get_type_info().version_id, "opset4");
  EXPECT_STREQ(v5::HSigmoid().get_type_info().version_id, "opset5");
  EXPECT_STREQ(v4::Mish().get_type_info().version_id, "opset4");
  EXPECT_STREQ(v4::SoftPlus().get_type_info().name, "SoftPlus");
  EXPECT_STREQ(v0::Elu().get_type_info().version_id, "opset1");
  EXPECT_STREQ(v0::Clamp().get_type_info().name, "Clamp");
}

TEST(ActivationOps, ShapeInferenceKeepsStaticDynamicAndBoundedShapes) {
  for (const char* shape : {"[2,3]", "[?,1..4]", "[...]", "[]"}) {
    std::vector<std::shared_ptr<Node>> nodes = {
        std::make_shared<v4::HSwish>(param(element::f16, PartialShape(shape))),
        std::make_shared<v5::HSigmoid>(param(element::f16, PartialShape(shape))),
        std::make_shared<v4::Mish>(param(element::f16, PartialShape(shape))),
        std::make_shared<v4::SoftPlus>(param(element::f16, PartialShape(shape))),
        std::make_shared<v0::Elu>(param(element::f16, PartialShape(shape)), 0.5),
        std::make_shared<v0::Clamp>(param(element::f16, PartialShape(shape)), -1.0, 1.0)};
    for (const auto& node : nodes) {
      EXPECT_EQ(node->get_output_partial_shape(0), PartialShape(shape)) << node->get_type_info().name;
      EXPECT_EQ(node->get_output_element_type(0), element::f16);
      EXPECT_TRUE(node->has_evaluate());
    }
  }
  EXPECT_EQ(std::make_shared<v0::Clamp>(param(element::i32, Shape{4}), 0, 1)->get_output_element_type(0), element::i32);
}

TEST(ActivationOps, ShapeInferenceErrorsNameTheNode) {
  EXPECT_THROW_WITH(std::make_shared<v4::HSwish>(param(element::i32, Shape{2})), "HSwish '", "floating point", "i32");
  EXPECT_THROW_WITH(std::make_shared<v4::Mish>(param(element::boolean, Shape{2})), "Mish '", "floating point");
  EXPECT_THROW_WITH(std::make_shared<v0::Elu>(param(element::u8, Shape{2}), 1.0), "Elu '", "floating point");
  EXPECT_THROW_WITH(std::make_shared<v0::Clamp>(param(element::f32, Shape{2}), 2.0, 1.0), "Clamp '", "'min' (2)",
                    "'max' (1)");
  EXPECT_THROW_WITH(std::make_shared<v0::Clamp>(param(element::boolean, Shape{2}), 0.0, 1.0), "Clamp '", "numeric");
}

TEST(ActivationOps, HardFunctionsMatchHandComputedValues) {
  // HSigmoid is piecewise linear: 0 below -3, 1 above 3, (x + 3) / 6 between.
  const std::vector<float> hsigmoid = {0, 0, 0, 2.f / 6, 2.75f / 6, 0.5f, 3.5f / 6, 5.f / 6, 1, 1, 1};
  const auto got_hsigmoid = eval_f32(std::make_shared<v5::HSigmoid>(any_f32()));
  const auto got_hswish = eval_f32(std::make_shared<v4::HSwish>(any_f32()));
  for (size_t i = 0; i < kInputs.size(); ++i) {
    EXPECT_NEAR(got_hsigmoid[i], hsigmoid[i], 1e-7) << kInputs[i];
    EXPECT_NEAR(got_hswish[i], kInputs[i] * hsigmoid[i], 1e-6) << kInputs[i];
  }
}

TEST(ActivationOps, SmoothFunctionsMatchIndependentFormulas) {
  const auto softplus = eval_f32(std::make_shared<v4::SoftPlus>(any_f32()));
  const auto mish = eval_f32(std::make_shared<v4::Mish>(any_f32()));
  const auto elu = eval_f32(std::make_shared<v0::Elu>(any_f32(), 0.7));
  for (size_t i = 0; i < kInputs.size(); ++i) {
    const double x = kInputs[i];
    // Direct formulas in double (no overflow for these inputs): ln(1 + e^x); tanh via exponentials.
    const double sp = std::log(1.0 + std::exp(x));
    const double e2 = std::exp(2 * sp);
    EXPECT_NEAR(softplus[i], sp, 1e-6 * std::max(1.0, std::abs(sp))) << x;
    EXPECT_NEAR(mish[i], x * (e2 - 1) / (e2 + 1), 1e-6 * std::max(1.0, std::abs(x))) << x;
    EXPECT_NEAR(elu[i], x > 0 ? x : 0.7 * (std::exp(x) - 1), 1e-6) << x;
  }
  // Large inputs: softplus(x) -> x without overflowing.
  auto big = values_of<float>(run(std::make_shared<v4::SoftPlus>(any_f32()),
                                  {make_tensor(element::f32, {2}, std::vector<float>{100.f, -100.f})})[0]);
  EXPECT_EQ(big[0], 100.f);
  EXPECT_NEAR(big[1], 0.f, 1e-30);
}

TEST(ActivationOps, ClampFloatAndIntegerBounds) {
  const auto clamp = eval_f32(std::make_shared<v0::Clamp>(any_f32(), -1.5, 2.5));
  const std::vector<float> expected = {-1.5f, -1.5f, -1.5f, -1.f, -0.25f, 0.f, 0.5f, 2.f, 2.5f, 2.5f, 2.5f};
  EXPECT_EQ(clamp, expected);
  // Integers keep to the integers inside [min, max]: [-1.5, 2.5] -> [-1, 2].
  auto i = param(element::i32, PartialShape::dynamic());
  const auto ints = make_tensor(element::i32, {5}, std::vector<int32_t>{-7, -1, 0, 2, 9});
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Clamp>(i, -1.5, 2.5), {ints})[0]),
            (std::vector<int32_t>{-1, -1, 0, 2, 2}));
  // Bounds beyond the type's range saturate to it.
  auto u = param(element::u8, PartialShape::dynamic());
  const auto bytes = make_tensor(element::u8, {3}, std::vector<uint8_t>{0, 100, 255});
  EXPECT_EQ(values_of<uint8_t>(run(std::make_shared<v0::Clamp>(u, -10.0, 1000.0), {bytes})[0]),
            (std::vector<uint8_t>{0, 100, 255}));
}

TEST(ActivationOps, HalfTypesComputeInF32) {
  const std::vector<float16> x = {float16(-4.f), float16(-1.f), float16(1.f), float16(4.f)};
  auto h = param(element::f16, PartialShape::dynamic());
  const auto out = values_of<float16>(run(std::make_shared<v4::HSwish>(h), {make_tensor(element::f16, {4}, x)})[0]);
  // hswish(-1) = -1 * 2/6, hswish(1) = 4/6; f16 keeps ~3 decimal digits.
  EXPECT_EQ(float(out[0]), 0.f);
  EXPECT_NEAR(float(out[1]), -1.f / 3, 1e-3);
  EXPECT_NEAR(float(out[2]), 2.f / 3, 1e-3);
  EXPECT_EQ(float(out[3]), 4.f);
  auto b = param(element::bf16, PartialShape::dynamic());
  const std::vector<bfloat16> y = {bfloat16(-2.f), bfloat16(3.f)};
  const auto elu = values_of<bfloat16>(run(std::make_shared<v0::Elu>(b, 1.0), {make_tensor(element::bf16, {2}, y)})[0]);
  EXPECT_NEAR(float(elu[0]), std::exp(-2.0) - 1, 1e-2);  // bf16: 8 significant bits
  EXPECT_EQ(float(elu[1]), 3.f);
}

TEST(ActivationOps, CloneKeepsAttributes) {
  auto p = any_f32();
  auto clamp = std::make_shared<v0::Clamp>(p, -2.0, 3.0);
  auto copy = std::dynamic_pointer_cast<v0::Clamp>(clamp->clone_with_new_inputs({p}));
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->get_min(), -2.0);
  EXPECT_EQ(copy->get_max(), 3.0);
  auto elu = std::dynamic_pointer_cast<v0::Elu>(std::make_shared<v0::Elu>(p, 0.25)->clone_with_new_inputs({p}));
  ASSERT_TRUE(elu);
  EXPECT_EQ(elu->get_alpha(), 0.25);
  EXPECT_TRUE(is_type<v4::Mish>(std::make_shared<v4::Mish>(p)->clone_with_new_inputs({p})));
  EXPECT_THROW_WITH(std::make_shared<v4::Mish>(p)->clone_with_new_inputs({}), "Mish '", "expects 1 input");
}

}  // namespace
}  // namespace ferry
