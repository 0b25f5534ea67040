#include "ferry/graph/ops/binary_elementwise.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

TEST(BinaryElementwise, ShapeInference) {
  auto add = std::make_shared<v1::Add>(param(element::f32, PartialShape("[2,1,3]")),
                                       param(element::f32, PartialShape("[4,1]")));
  EXPECT_EQ(add->get_output_partial_shape(0), PartialShape("[2,4,3]"));
  auto dynamic = std::make_shared<v1::Multiply>(param(element::f32, PartialShape("[?,3]")),
                                                param(element::dynamic, PartialShape("[2..5,1]")));
  EXPECT_EQ(dynamic->get_output_element_type(0), element::f32);
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape("[2..5,3]"));
  auto any_rank = std::make_shared<v1::Subtract>(param(element::i32, PartialShape::dynamic()),
                                                 param(element::i32, PartialShape("[3]")));
  EXPECT_TRUE(any_rank->get_output_partial_shape(0).rank().is_dynamic());
  auto none = std::make_shared<v1::Maximum>(param(element::f32, PartialShape("[?,3]")),
                                            param(element::f32, PartialShape("[2,?]")), AutoBroadcastType::NONE);
  EXPECT_EQ(none->get_output_partial_shape(0), PartialShape("[2,3]"));
}

TEST(BinaryElementwise, ShapeErrorsNameTheNode) {
  auto a = param(element::f32, PartialShape("[2,3]"));
  EXPECT_THROW_WITH(std::make_shared<v1::Add>(a, param(element::f32, PartialShape("[4]"))), "Add '", "[2,3] and [4]",
                    "numpy");
  EXPECT_THROW_WITH(
      std::make_shared<v1::Minimum>(a, param(element::f32, PartialShape("[1,3]")), AutoBroadcastType::NONE),
      "Minimum '", "none");
  EXPECT_THROW_WITH(std::make_shared<v1::Divide>(a, param(element::f64, PartialShape("[2,3]"))), "Divide '",
                    "f32 and f64");
  EXPECT_THROW_WITH(std::make_shared<v1::Add>(param(element::boolean, Shape{1}), param(element::boolean, Shape{1})),
                    "boolean");
}

TEST(BinaryElementwise, EvaluateWithBroadcast) {
  auto a = param(element::f32, PartialShape::dynamic());
  auto b = param(element::f32, PartialShape::dynamic());
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};  // [2,3]
  const std::vector<float> y = {10, 20, 30};        // [3]
  const std::vector<float> z = {100, 200};          // [2,1]
  auto add = std::make_shared<v1::Add>(a, b);
  EXPECT_EQ(values_of<float>(run(add, {make_tensor(element::f32, {2, 3}, x), make_tensor(element::f32, {3}, y)})[0]),
            (std::vector<float>{11, 22, 33, 14, 25, 36}));
  auto sub = std::make_shared<v1::Subtract>(a, b);
  auto out = run(sub, {make_tensor(element::f32, {2, 1}, z), make_tensor(element::f32, {2, 3}, x)})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{99, 98, 97, 196, 195, 194}));
  // [2,1,3] x [2,1] -> [2,2,3]: every (i, j, k) = x[i][k] * z[j], checked element by element.
  auto mul = std::make_shared<v1::Multiply>(a, b);
  out = run(mul, {make_tensor(element::f32, {2, 1, 3}, x), make_tensor(element::f32, {2, 1}, z)})[0];
  ASSERT_EQ(out.get_shape(), (Shape{2, 2, 3}));
  const auto got = values_of<float>(out);
  for (size_t i = 0; i < 2; ++i)
    for (size_t j = 0; j < 2; ++j)
      for (size_t k = 0; k < 3; ++k) EXPECT_EQ(got[i * 6 + j * 3 + k], x[i * 3 + k] * z[j]);
  auto mx = std::make_shared<v1::Maximum>(a, b);
  EXPECT_EQ(values_of<float>(run(mx, {make_tensor(element::f32, {3}, std::vector<float>{1, 5, -2}),
                                      make_tensor(element::f32, {}, std::vector<float>{2})})[0]),
            (std::vector<float>{2, 5, 2}));
}

TEST(BinaryElementwise, IntegerDivision) {
  auto a = param(element::i32, PartialShape::dynamic());
  auto b = param(element::i32, PartialShape::dynamic());
  const auto x = make_tensor(element::i32, {4}, std::vector<int32_t>{7, -7, 7, -7});
  const auto y = make_tensor(element::i32, {4}, std::vector<int32_t>{2, 2, -2, -2});
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v1::Divide>(a, b), {x, y})[0]),
            (std::vector<int32_t>{3, -4, -4, 3}));
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v1::Divide>(a, b, false), {x, y})[0]),
            (std::vector<int32_t>{3, -3, -3, 3}));
  const auto zero = make_tensor(element::i32, {1}, std::vector<int32_t>{0});
  EXPECT_THROW_WITH(run(std::make_shared<v1::Divide>(a, b), {x, zero}), "Divide '", "division by zero");
}

TEST(BinaryElementwise, HalfTypesComputeInF32) {
  auto a = param(element::f16, PartialShape::dynamic());
  auto add = std::make_shared<v1::Add>(a, a);
  const auto x = make_tensor(element::f16, {3}, std::vector<float16>{1.5f, 2048.f, -0.25f});
  const auto y = make_tensor(element::f16, {3}, std::vector<float16>{0.25f, 1.f, 0.25f});
  const auto out = values_of<float16>(run(add, {x, y})[0]);
  EXPECT_EQ(float(out[0]), 1.75f);
  EXPECT_EQ(float(out[1]), 2048.f);  // 2049 is not an f16: ties to even
  EXPECT_EQ(float(out[2]), 0.f);
  auto b = param(element::bf16, PartialShape::dynamic());
  auto div = std::make_shared<v1::Divide>(b, b);
  const auto q = values_of<bfloat16>(run(div, {make_tensor(element::bf16, {1}, std::vector<bfloat16>{1.f}),
                                               make_tensor(element::bf16, {1}, std::vector<bfloat16>{3.f})})[0]);
  EXPECT_NEAR(float(q[0]), 1.f / 3.f, 1.f / 256);  // bf16 keeps 8 significant bits
}

TEST(BinaryElementwise, OtherTypesAndPdpd) {
  auto a = param(element::u8, PartialShape::dynamic());
  auto out = run(std::make_shared<v1::Add>(a, a), {make_tensor(element::u8, {2}, std::vector<uint8_t>{250, 1}),
                                                   make_tensor(element::u8, {2}, std::vector<uint8_t>{10, 2})})[0];
  EXPECT_EQ(values_of<uint8_t>(out), (std::vector<uint8_t>{4, 3}));  // wraps like the C++ type
  auto i = param(element::i32, PartialShape::dynamic());
  const auto big = make_tensor(element::i32, {1}, std::vector<int32_t>{std::numeric_limits<int32_t>::max()});
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v1::Add>(i, i), {big, big})[0])[0], -2);  // wraps, no UB
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v1::Multiply>(i, i), {big, big})[0])[0], 1);
  auto d = param(element::f64, PartialShape::dynamic());
  auto pdpd = std::make_shared<v1::Add>(d, d, AutoBroadcastSpec(AutoBroadcastType::PDPD, 0));
  // [2,3] + [2] at axis 0: element (i, j) gets b[i].
  out = run(pdpd, {make_tensor(element::f64, {2, 3}, std::vector<double>{1, 2, 3, 4, 5, 6}),
                   make_tensor(element::f64, {2}, std::vector<double>{10, 20})})[0];
  EXPECT_EQ(values_of<double>(out), (std::vector<double>{11, 12, 13, 24, 25, 26}));
}

}  // namespace
}  // namespace ferry
