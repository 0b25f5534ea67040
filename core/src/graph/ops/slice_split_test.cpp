#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/slice.hpp"
#include "ferry/graph/ops/split.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

std::shared_ptr<Node> i64s(std::vector<int64_t> values) {
  return Constant::create(element::i64, Shape{values.size()}, values);
}
Tensor i64t(std::vector<int64_t> values) { return make_tensor(element::i64, {values.size()}, values); }

TEST(Slice, ShapeInference) {
  auto x = param(element::f32, PartialShape("[10,?,2..8]"));
  auto s = std::make_shared<op::v8::Slice>(x, i64s({1, 0, -3}), i64s({-1, 5, 100}), i64s({3, 1, 1}));
  EXPECT_EQ(s->get_output_partial_shape(0)[1], Dimension(0, -1));
  EXPECT_EQ(s->get_output_partial_shape(0)[0], Dimension(3));  // 1,4,7
  EXPECT_EQ(s->get_output_partial_shape(0)[2], Dimension(0, 8));
  auto axes = std::make_shared<op::v8::Slice>(x, i64s({9}), i64s({-100}), i64s({-4}), i64s({-3}));
  EXPECT_EQ(axes->get_output_partial_shape(0), PartialShape("[3,?,2..8]"));  // 9,5,1
  auto unknown = std::make_shared<op::v8::Slice>(x, param(element::i64, PartialShape{1}), i64s({1}), i64s({1}));
  EXPECT_EQ(unknown->get_output_partial_shape(0)[0], Dimension(0, 10));
  EXPECT_THROW_WITH(std::make_shared<op::v8::Slice>(x, i64s({0}), i64s({1}), i64s({0})), "Slice '", "step 0 is 0");
  EXPECT_THROW_WITH(std::make_shared<op::v8::Slice>(x, i64s({0, 0}), i64s({1}), i64s({1, 1})), "must agree");
  EXPECT_THROW_WITH(std::make_shared<op::v8::Slice>(x, i64s({0}), i64s({1}), i64s({1}), i64s({3})), "out of range");
  EXPECT_THROW_WITH(std::make_shared<op::v8::Slice>(x, i64s({0, 0}), i64s({1, 1}), i64s({1, 1}), i64s({0, -3})),
                    "repeated");
}

TEST(Slice, EvaluateNegativeSteps) {
  // x = [[0,1,2,3],[4,5,6,7],[8,9,10,11]]; rows 2..0 step -2, columns -1..-5 step -3.
  std::vector<int32_t> x(12);
  for (int32_t i = 0; i < 12; ++i) x[size_t(i)] = i;
  auto s = std::make_shared<op::v8::Slice>(param(element::i32, PartialShape::dynamic()),
                                           param(element::i64, PartialShape{2}), param(element::i64, PartialShape{2}),
                                           param(element::i64, PartialShape{2}));
  auto out = run(s, {make_tensor(element::i32, {3, 4}, x), i64t({2, -1}), i64t({-100, -5}), i64t({-2, -3})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{11, 8, 3, 0}));
  out = run(s, {make_tensor(element::i32, {3, 4}, x), i64t({5, 1}), i64t({9, 3}), i64t({1, 1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{0, 2}));
}

TEST(Split, ShapeInferenceAndEvaluate) {
  auto x = param(element::f32, PartialShape("[6,?,4..9]"));
  auto axis = Constant::create(element::i64, Shape{}, {int64_t{0}});
  auto s = std::make_shared<op::v1::Split>(x, axis, 3);
  ASSERT_EQ(s->get_output_size(), 3u);
  EXPECT_EQ(s->get_output_partial_shape(2), PartialShape("[2,?,4..9]"));
  EXPECT_EQ(std::make_shared<op::v1::Split>(x, Constant::create(element::i64, Shape{}, {int64_t{-1}}), 2)
                ->get_output_partial_shape(0),
            PartialShape("[6,?,2..4]"));
  EXPECT_THROW_WITH(std::make_shared<op::v1::Split>(x, axis, 4), "Split '", "does not split into 4");
  EXPECT_THROW_WITH(std::make_shared<op::v1::Split>(x, axis, 0), "num_splits must be positive");
  auto d = std::make_shared<op::v1::Split>(param(element::i64, PartialShape::dynamic()),
                                           param(element::i32, PartialShape{}), 2);
  auto outs = run(d, {make_tensor(element::i64, {2, 2}, std::vector<int64_t>{1, 2, 3, 4}),
                      make_tensor(element::i32, {}, std::vector<int32_t>{1})});
  EXPECT_EQ(outs[0].get_shape(), (Shape{2, 1}));
  EXPECT_EQ(values_of<int64_t>(outs[0]), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(values_of<int64_t>(outs[1]), (std::vector<int64_t>{2, 4}));
}

TEST(VariadicSplit, ShapeInferenceAndEvaluate) {
  auto x = param(element::f32, PartialShape("[?,10]"));
  auto axis = Constant::create(element::i64, Shape{}, {int64_t{1}});
  auto s = std::make_shared<op::v1::VariadicSplit>(x, axis, i64s({2, -1, 3}));
  ASSERT_EQ(s->get_output_size(), 3u);
  EXPECT_EQ(s->get_output_partial_shape(1), PartialShape("[?,5]"));
  EXPECT_THROW_WITH(std::make_shared<op::v1::VariadicSplit>(x, axis, i64s({2, 3})), "do not add up");
  EXPECT_THROW_WITH(std::make_shared<op::v1::VariadicSplit>(x, axis, i64s({-1, -1})), "more than one -1");
  auto v = std::make_shared<op::v1::VariadicSplit>(param(element::f16, PartialShape::dynamic()), axis,
                                                   param(element::i64, PartialShape{2}));
  auto outs = run(v, {make_tensor(element::f16, {1, 3}, std::vector<float16>{1.f, 2.f, 3.f}),
                      make_tensor(element::i64, {}, std::vector<int64_t>{1}), i64t({-1, 1})});
  EXPECT_EQ(outs[0].get_shape(), (Shape{1, 2}));
  EXPECT_EQ(float(values_of<float16>(outs[1])[0]), 3.f);
}

}  // namespace
}  // namespace ferry
