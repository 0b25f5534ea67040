#include "ferry/graph/ops/convert.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Convert;

std::shared_ptr<Convert> to(const element::Type& type) {
  return std::make_shared<Convert>(param(element::dynamic, PartialShape::dynamic()), type);
}

TEST(Convert, ShapeInference) {
  auto c = std::make_shared<Convert>(param(element::f32, PartialShape("[2,?]")), element::i8);
  EXPECT_EQ(c->get_output_element_type(0), element::i8);
  EXPECT_EQ(c->get_output_partial_shape(0), PartialShape("[2,?]"));
  EXPECT_THROW_WITH(std::make_shared<Convert>(param(element::f32, Shape{1}), element::undefined), "Convert '",
                    "destination_type");
}

TEST(Convert, RealToIntegerTruncatesAndSaturates) {
  const float inf = std::numeric_limits<float>::infinity();
  const auto in = make_tensor(element::f32, {7}, std::vector<float>{2.7f, -2.7f, 300.f, -300.f, NAN, inf, -0.5f});
  EXPECT_EQ(values_of<int8_t>(run(to(element::i8), {in})[0]), (std::vector<int8_t>{2, -2, 127, -128, 0, 127, 0}));
  EXPECT_EQ(values_of<uint8_t>(run(to(element::u8), {in})[0]), (std::vector<uint8_t>{2, 0, 255, 0, 0, 255, 0}));
  const auto big = make_tensor(element::f64, {2}, std::vector<double>{1e30, -1e30});
  EXPECT_EQ(values_of<int64_t>(run(to(element::i64), {big})[0]),
            (std::vector<int64_t>{std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()}));
  EXPECT_EQ(values_of<uint64_t>(run(to(element::u64), {big})[0]),
            (std::vector<uint64_t>{std::numeric_limits<uint64_t>::max(), 0}));
}

TEST(Convert, BooleanAndIntegerConversions) {
  const auto in = make_tensor(element::f32, {4}, std::vector<float>{0.f, -0.f, 0.25f, -3.f});
  EXPECT_EQ(values_of<char>(run(to(element::boolean), {in})[0]), (std::vector<char>{0, 0, 1, 1}));
  const auto flags = make_tensor(element::boolean, {2}, std::vector<char>{1, 0});
  EXPECT_EQ(values_of<float>(run(to(element::f32), {flags})[0]), (std::vector<float>{1.f, 0.f}));
  const auto ints = make_tensor(element::i32, {3}, std::vector<int32_t>{-1, 256, 16777217});
  EXPECT_EQ(values_of<uint8_t>(run(to(element::u8), {ints})[0]), (std::vector<uint8_t>{255, 0, 1}));  // wraps
  EXPECT_EQ(values_of<int64_t>(run(to(element::i64), {ints})[0]), (std::vector<int64_t>{-1, 256, 16777217}));
  EXPECT_EQ(values_of<float>(run(to(element::f32), {ints})[0])[2], 16777216.f);  // nearest float
}

TEST(Convert, HalfTypes) {
  const auto in = make_tensor(element::f32, {4}, std::vector<float>{1.f / 3, 65520.f, 1e-8f, -2.5f});
  const auto h = values_of<float16>(run(to(element::f16), {in})[0]);
  EXPECT_EQ(h[0].to_bits(), 0x3555);  // 1/3 rounded to nearest f16
  EXPECT_TRUE(std::isinf(float(h[1])));
  EXPECT_EQ(float(h[2]), 0.f);
  EXPECT_EQ(float(h[3]), -2.5f);
  const auto b = values_of<bfloat16>(run(to(element::bf16), {in})[0]);
  EXPECT_EQ(b[0].to_bits(), 0x3eab);
  const auto back = values_of<float>(run(to(element::f32), {run(to(element::bf16), {in})[0]})[0]);
  EXPECT_EQ(back[3], -2.5f);
  const auto as_int =
      values_of<int32_t>(run(to(element::i32), {make_tensor(element::f16, {1}, std::vector<float16>{-7.75f})})[0]);
  EXPECT_EQ(as_int[0], -7);
  TensorVector outputs(1);
  EXPECT_FALSE(to(element::u4)->evaluate(outputs, {in}));  // packed types: no kernel
}

}  // namespace
}  // namespace ferry
