#include "ferry/graph/ops/reduce_mean.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;
using op::v1::ReduceMean;

std::shared_ptr<Node> axes(std::vector<int64_t> values) {
  return Constant::create<int64_t>(element::i64, Shape{values.size()}, values);
}

TEST(ReduceMean, ShapeInference) {
  auto x = param(element::f32, PartialShape("[2,?,4..5]"));
  EXPECT_EQ(std::make_shared<ReduceMean>(x, axes({1}), false)->get_output_partial_shape(0), PartialShape("[2,4..5]"));
  EXPECT_EQ(std::make_shared<ReduceMean>(x, axes({-1, 0}), true)->get_output_partial_shape(0), PartialShape("[1,?,1]"));
  EXPECT_EQ(std::make_shared<ReduceMean>(x, axes({0, 1, 2}), false)->get_output_partial_shape(0), PartialShape("[]"));
  auto unknown_axes = param(element::i64, PartialShape{1});
  EXPECT_EQ(std::make_shared<ReduceMean>(x, unknown_axes, true)->get_output_partial_shape(0), PartialShape("[?,?,?]"));
  EXPECT_TRUE(std::make_shared<ReduceMean>(x, unknown_axes, false)->get_output_partial_shape(0).rank().is_dynamic());
  EXPECT_THROW_WITH(std::make_shared<ReduceMean>(x, axes({3})), "ReduceMean '", "axes entry 3 is out of range");
  EXPECT_THROW_WITH(std::make_shared<ReduceMean>(x, param(element::f32, Shape{1})), "integer tensor");
}

TEST(ReduceMean, Evaluate) {
  // [2,3,2]: value = 100*i + 10*j + k.
  std::vector<float> x;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) x.push_back(float(100 * i + 10 * j + k));
  auto r = std::make_shared<ReduceMean>(param(element::f32, PartialShape::dynamic()),
                                        param(element::i64, PartialShape::dynamic()), false);
  const auto in = make_tensor(element::f32, {2, 3, 2}, x);
  auto out = run(r, {in, make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{10, 11, 110, 111}));  // mean over j of 10*j is 10
  out = run(r, {in, make_tensor(element::i64, {2}, std::vector<int64_t>{0, -1})})[0];
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{50.5f, 60.5f, 70.5f}));
  auto keep = std::make_shared<ReduceMean>(param(element::f32, PartialShape::dynamic()),
                                           param(element::i64, PartialShape::dynamic()), true);
  out = run(keep, {in, make_tensor(element::i64, {}, std::vector<int64_t>{2})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 3, 1}));
  EXPECT_EQ(values_of<float>(out)[5], 120.5f);
  auto ints = run(r, {make_tensor(element::i32, {2, 2}, std::vector<int32_t>{1, 2, -3, -6}),
                      make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0];
  EXPECT_EQ(values_of<int32_t>(ints), (std::vector<int32_t>{1, -4}));  // 1.5 -> 1, -4.5 -> -4 (truncation)
}

}  // namespace
}  // namespace ferry
