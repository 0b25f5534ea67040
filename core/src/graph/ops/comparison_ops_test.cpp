#include "ferry/graph/ops/comparison.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/op_registry.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::vector<char> bools(const Tensor& t) {
  EXPECT_EQ(t.get_element_type(), element::boolean);
  return values_of<char>(t);
}

TEST(ComparisonOps, ShapeInferenceBroadcastsAndOutputsBoolean) {
  auto less = std::make_shared<v1::Less>(param(element::f32, PartialShape("[?,1,4]")),
                                         param(element::f32, PartialShape("[3,1]")));
  EXPECT_EQ(less->get_output_element_type(0), element::boolean);
  EXPECT_EQ(less->get_output_partial_shape(0), PartialShape("[?,3,4]"));
  auto eq = std::make_shared<v1::Equal>(param(element::i64, PartialShape("[2..5]")),
                                        param(element::i64, PartialShape("[...]")));
  EXPECT_EQ(eq->get_output_partial_shape(0), PartialShape::dynamic());
  auto ge = std::make_shared<v1::GreaterEqual>(param(element::dynamic, PartialShape("[1..8,2]")),
                                               param(element::u8, PartialShape("[2]")));
  EXPECT_EQ(ge->get_output_partial_shape(0), PartialShape("[1..8,2]"));
  EXPECT_THROW_WITH(std::make_shared<v1::Greater>(param(element::f32, Shape{2, 3}), param(element::f32, Shape{4})),
                    "Greater '", "do not broadcast");
  EXPECT_THROW_WITH(std::make_shared<v1::NotEqual>(param(element::f32, Shape{2}), param(element::i32, Shape{2})),
                    "NotEqual '", "f32", "i32");
  EXPECT_THROW_WITH(std::make_shared<v1::Equal>(param(element::f32, Shape{2, 3}), param(element::f32, Shape{3}),
                                                AutoBroadcastSpec(AutoBroadcastType::NONE)),
                    "Equal '", "none");
}

TEST(ComparisonOps, BroadcastKernelsAgainstIndexLoops) {
  // a: [2,3], b: [3]; expected values by explicit (i, j) loops.
  const std::vector<float> a = {1, 2, 3, 4, 5, 6};
  const std::vector<float> b = {3, 2, 7};
  const auto ta = make_tensor(element::f32, {2, 3}, a), tb = make_tensor(element::f32, {3}, b);
  auto pa = param(element::f32, PartialShape::dynamic()), pb = param(element::f32, PartialShape::dynamic());
  struct Case {
    std::shared_ptr<Node> node;
    bool (*expected)(float, float);
  };
  const std::vector<Case> cases = {
      {std::make_shared<v1::Equal>(pa, pb), [](float x, float y) { return !(x < y) && !(y < x); }},
      {std::make_shared<v1::NotEqual>(pa, pb), [](float x, float y) { return (x < y) || (y < x); }},
      {std::make_shared<v1::Less>(pa, pb), [](float x, float y) { return y - x > 0; }},
      {std::make_shared<v1::Greater>(pa, pb), [](float x, float y) { return x - y > 0; }},
      {std::make_shared<v1::LessEqual>(pa, pb), [](float x, float y) { return !(x - y > 0); }},
      {std::make_shared<v1::GreaterEqual>(pa, pb), [](float x, float y) { return !(y - x > 0); }},
  };
  for (const auto& c : cases) {
    const auto out = run(c.node, {ta, tb})[0];
    EXPECT_EQ(out.get_shape(), (Shape{2, 3}));
    const auto got = bools(out);
    for (size_t i = 0; i < 2; ++i)
      for (size_t j = 0; j < 3; ++j)
        EXPECT_EQ(got[i * 3 + j] != 0, c.expected(a[i * 3 + j], b[j]))
            << c.node->get_type_name() << " " << i << "," << j;
  }
}

TEST(ComparisonOps, HalfIntegerAndBooleanInputs) {
  auto h = param(element::f16, PartialShape::dynamic());
  const auto x = make_tensor(element::f16, {3}, std::vector<float16>{0.5f, 1.f, 2.f});
  const auto y = make_tensor(element::f16, {1}, std::vector<float16>{1.f});
  EXPECT_EQ(bools(run(std::make_shared<v1::LessEqual>(h, h), {x, y})[0]), (std::vector<char>{1, 1, 0}));
  auto bf = param(element::bf16, PartialShape::dynamic());
  EXPECT_EQ(bools(run(std::make_shared<v1::Equal>(bf, bf),
                      {make_tensor(element::bf16, {2}, std::vector<bfloat16>{1.f, 3.f}),
                       make_tensor(element::bf16, {2}, std::vector<bfloat16>{1.f, 2.f})})[0]),
            (std::vector<char>{1, 0}));
  auto i = param(element::i64, PartialShape::dynamic());
  const auto xi = make_tensor(element::i64, {2, 1}, std::vector<int64_t>{-5, INT64_MAX});
  const auto yi = make_tensor(element::i64, {1, 2}, std::vector<int64_t>{-5, 0});
  const auto gt = run(std::make_shared<v1::Greater>(i, i), {xi, yi})[0];
  EXPECT_EQ(gt.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(bools(gt), (std::vector<char>{0, 0, 1, 1}));
  auto u = param(element::u32, PartialShape::dynamic());
  EXPECT_EQ(bools(run(std::make_shared<v1::Less>(u, u),
                      {make_tensor(element::u32, {2}, std::vector<uint32_t>{0, 4000000000u}),
                       make_tensor(element::u32, {1}, std::vector<uint32_t>{1})})[0]),
            (std::vector<char>{1, 0}));
  auto b = param(element::boolean, PartialShape::dynamic());
  EXPECT_EQ(bools(run(std::make_shared<v1::NotEqual>(b, b),
                      {make_tensor(element::boolean, {2}, std::vector<char>{0, 1}),
                       make_tensor(element::boolean, {2}, std::vector<char>{1, 1})})[0]),
            (std::vector<char>{1, 0}));
  EXPECT_THROW_WITH(
      run(std::make_shared<v1::Equal>(i, i), {xi, make_tensor(element::i64, {3, 2}, std::vector<int64_t>(6, 1))}),
      "Equal '", "do not broadcast");
}

TEST(ComparisonOps, CloneAndRegistry) {
  auto a = param(element::f32, Shape{2}), b = param(element::f32, Shape{2});
  auto less = std::make_shared<v1::Less>(a, b, AutoBroadcastSpec(AutoBroadcastType::NONE));
  auto clone = std::dynamic_pointer_cast<v1::Less>(less->clone_with_new_inputs({b, a}));
  ASSERT_TRUE(clone);
  EXPECT_EQ(clone->get_autob().type, AutoBroadcastType::NONE);
  for (const char* name : {"Equal", "NotEqual", "Less", "Greater", "LessEqual", "GreaterEqual"})
    EXPECT_STREQ(OpRegistry::global().create(name, "opset1")->get_type_name(), name);
}

}  // namespace
}  // namespace ferry
