// The trigonometric/hyperbolic UnaryMath ops, SoftSign, and the binary Power, Mod, FloorMod and
// bitwise shifts.
#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/bfloat16.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/unary_math.hpp"

namespace ferry {
namespace {

using namespace testing;

template <typename Op, typename T>
std::vector<T> unary(const element::Type& type, const std::vector<T>& x) {
  auto node = std::make_shared<Op>(param(type, PartialShape::dynamic()));
  return values_of<T>(run(node, {make_tensor(type, {x.size()}, x)})[0]);
}

template <typename Op, typename T>
std::vector<T> binary(const element::Type& type, const std::vector<T>& a, const std::vector<T>& b) {
  auto node = std::make_shared<Op>(param(type, PartialShape::dynamic()), param(type, PartialShape::dynamic()));
  return values_of<T>(run(node, {make_tensor(type, {a.size()}, a), make_tensor(type, {b.size()}, b)})[0]);
}

TEST(TrigOps, FloatValues) {
  const std::vector<float> x{0.0f, 0.5f};
  EXPECT_FLOAT_EQ((unary<op::v0::Sin, float>(element::f32, x))[1], 0.47942554f);
  EXPECT_FLOAT_EQ((unary<op::v0::Cos, float>(element::f32, x))[1], 0.87758256f);
  EXPECT_FLOAT_EQ((unary<op::v0::Tan, float>(element::f32, x))[1], 0.54630249f);
  EXPECT_FLOAT_EQ((unary<op::v0::Asin, float>(element::f32, x))[1], 0.52359878f);  // pi/6
  EXPECT_FLOAT_EQ((unary<op::v0::Acos, float>(element::f32, x))[1], 1.04719755f);  // pi/3
  EXPECT_FLOAT_EQ((unary<op::v0::Atan, float>(element::f32, x))[1], 0.46364761f);
  EXPECT_FLOAT_EQ((unary<op::v0::Sinh, float>(element::f32, x))[1], 0.52109531f);
  EXPECT_FLOAT_EQ((unary<op::v0::Cosh, float>(element::f32, x))[0], 1.0f);
  EXPECT_FLOAT_EQ((unary<op::v3::Asinh, float>(element::f32, x))[1], 0.48121183f);
  EXPECT_FLOAT_EQ((unary<op::v3::Acosh, float>(element::f32, std::vector<float>{2.0f}))[0], 1.31695790f);
  EXPECT_FLOAT_EQ((unary<op::v3::Atanh, float>(element::f32, x))[1], 0.54930614f);
  EXPECT_TRUE(std::isnan((unary<op::v0::Asin, float>(element::f32, std::vector<float>{2.0f}))[0]));
  EXPECT_EQ((unary<op::v9::SoftSign, float>(element::f32, std::vector<float>{-3.0f, 1.0f})),
            (std::vector<float>{-0.75f, 0.5f}));
  EXPECT_DOUBLE_EQ((unary<op::v0::Cos, double>(element::f64, std::vector<double>{M_PI}))[0], -1.0);
  const auto b = unary<op::v0::Sin, bfloat16>(element::bf16, std::vector<bfloat16>{bfloat16(1.5707964f)});
  EXPECT_EQ(float(b[0]), 1.0f);
}

TEST(TrigOps, IntegersRoundTheRealResult) {
  EXPECT_EQ((unary<op::v0::Cosh, int32_t>(element::i32, std::vector<int32_t>{0, 2})),
            (std::vector<int32_t>{1, 4}));  // 3.76
  EXPECT_EQ((unary<op::v0::Atan, int64_t>(element::i64, std::vector<int64_t>{100})),
            (std::vector<int64_t>{2}));  // 1.56
}

TEST(TrigOps, ShapesAndErrors) {
  auto node = std::make_shared<op::v3::Asinh>(param(element::f32, PartialShape("[?,2..3]")));
  EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[?,2..3]"));
  EXPECT_EQ(std::string(node->get_type_info().version_id), "opset4");
  EXPECT_THROW_WITH(std::make_shared<op::v0::Sin>(param(element::boolean, Shape{1})), "Sin", "numeric");
  EXPECT_THROW_WITH(std::make_shared<op::v9::SoftSign>(param(element::i32, Shape{1})), "SoftSign",
                    "f16, bf16, f32 or f64");
  EXPECT_EQ(node->clone_with_new_inputs({param(element::f64, Shape{4})})->get_output_element_type(0), element::f64);
}

TEST(Power, Values) {
  EXPECT_EQ((binary<op::v1::Power, float>(element::f32, {2, 4, -2}, {3, 0.5f, 2})), (std::vector<float>{8, 2, 4}));
  EXPECT_TRUE(std::isnan((binary<op::v1::Power, float>(element::f32, {-8}, {0.5f}))[0]));
  EXPECT_EQ((binary<op::v1::Power, int32_t>(element::i32, {2, -3, 5, 1, -1, 2}, {10, 3, 0, -4, -3, -1})),
            (std::vector<int32_t>{1024, -27, 1, 1, -1, 0}));
  EXPECT_EQ((binary<op::v1::Power, uint8_t>(element::u8, {2, 3}, {9, 4})), (std::vector<uint8_t>{0, 81}));  // 512 wraps
  // 3^40 = 12157665459056928801 wraps modulo 2^64.
  EXPECT_EQ((binary<op::v1::Power, int64_t>(element::i64, {3}, {40})), (std::vector<int64_t>{-6289078614652622815LL}));
}

TEST(ModAndFloorMod, Values) {
  // Mod keeps the dividend's sign, FloorMod the divisor's.
  EXPECT_EQ((binary<op::v1::Mod, int32_t>(element::i32, {7, -7, 7, -7}, {3, 3, -3, -3})),
            (std::vector<int32_t>{1, -1, 1, -1}));
  EXPECT_EQ((binary<op::v1::FloorMod, int32_t>(element::i32, {7, -7, 7, -7}, {3, 3, -3, -3})),
            (std::vector<int32_t>{1, 2, -2, -1}));
  EXPECT_EQ((binary<op::v1::Mod, float>(element::f32, {5.5f, -5.5f}, {2, 2})), (std::vector<float>{1.5f, -1.5f}));
  EXPECT_EQ((binary<op::v1::FloorMod, float>(element::f32, {5.5f, -5.5f}, {-2, 2})), (std::vector<float>{-0.5f, 0.5f}));
  EXPECT_EQ((binary<op::v1::FloorMod, int8_t>(element::i8, {-128}, {-1})), (std::vector<int8_t>{0}));
  EXPECT_EQ((binary<op::v1::Mod, uint8_t>(element::u8, {250}, {7})), (std::vector<uint8_t>{5}));
  EXPECT_THROW_WITH((binary<op::v1::Mod, int32_t>(element::i32, {1}, {0})), "Mod", "division by zero");
  EXPECT_THROW_WITH((binary<op::v1::FloorMod, int64_t>(element::i64, {1}, {0})), "FloorMod", "division by zero");
}

TEST(ModAndFloorMod, Shapes) {
  auto node = std::make_shared<op::v1::FloorMod>(param(element::f32, PartialShape("[?,3]")),
                                                 param(element::f32, PartialShape("[2,1]")));
  EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[2,3]"));
  EXPECT_THROW_WITH(std::make_shared<op::v1::Power>(param(element::f32, Shape{2}), param(element::i32, Shape{2})),
                    "Power", "do not match");
}

TEST(BitwiseShift, Values) {
  EXPECT_EQ((binary<op::v15::BitwiseLeftShift, uint8_t>(element::u8, {1, 3, 255, 1}, {3, 2, 1, 8})),
            (std::vector<uint8_t>{8, 12, 254, 0}));
  EXPECT_EQ((binary<op::v15::BitwiseRightShift, uint64_t>(element::u64, {16, ~uint64_t(0)}, {4, 63})),
            (std::vector<uint64_t>{1, 1}));
  EXPECT_EQ((binary<op::v15::BitwiseRightShift, int32_t>(element::i32, {-8, -8, 8}, {1, 40, 40})),
            (std::vector<int32_t>{-4, -1, 0}));
  EXPECT_EQ((binary<op::v15::BitwiseLeftShift, int8_t>(element::i8, {-1, 64}, {1, 1})),
            (std::vector<int8_t>{-2, -128}));
  EXPECT_THROW_WITH(
      std::make_shared<op::v15::BitwiseLeftShift>(param(element::f32, Shape{1}), param(element::f32, Shape{1})),
      "BitwiseLeftShift", "integer type");
  auto node = std::make_shared<op::v15::BitwiseRightShift>(param(element::u16, PartialShape("[1..3]")),
                                                           param(element::u16, PartialShape("[1]")));
  EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[1..3]"));
  EXPECT_EQ(std::string(node->get_type_info().version_id), "opset15");
}

}  // namespace
}  // namespace ferry
