#include "ferry/graph/ops/reshape.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;
using op::v1::Reshape;

std::shared_ptr<Node> target(std::vector<int64_t> values) {
  return Constant::create<int64_t>(element::i64, Shape{values.size()}, values);
}

PartialShape infer(const char* in, std::vector<int64_t> shape, bool special_zero = false) {
  return std::make_shared<Reshape>(param(element::f32, PartialShape(in)), target(shape), special_zero)
      ->get_output_partial_shape(0);
}

TEST(Reshape, StaticShapes) {
  EXPECT_EQ(infer("[2,3,4]", {6, 4}), PartialShape("[6,4]"));
  EXPECT_EQ(infer("[2,3,4]", {-1, 4}), PartialShape("[6,4]"));
  EXPECT_EQ(infer("[2,3,4]", {0, -1}, true), PartialShape("[2,12]"));
  EXPECT_EQ(infer("[2,3,4]", {0, 0, 4}, true), PartialShape("[2,3,4]"));
  EXPECT_EQ(infer("[0,3]", {0, 5}), PartialShape("[0,5]"));  // 0 is a length without special_zero
  EXPECT_EQ(infer("[1,1]", {}), PartialShape("[]"));
}

TEST(Reshape, DynamicAndBoundedShapes) {
  EXPECT_EQ(infer("[?,3,4]", {0, -1}, true), PartialShape("[?,12]"));
  EXPECT_EQ(infer("[?,3,4]", {-1, 12}), PartialShape("[?,12]"));
  EXPECT_EQ(infer("[1..8,3,4]", {-1, 12}), PartialShape("[1..8,12]"));  // interval division
  EXPECT_EQ(infer("[2..4,6]", {-1, 3}), PartialShape("[4..8,3]"));
  EXPECT_EQ(infer("[...]", {2, -1}), PartialShape("[2,?]"));
  auto dynamic_target = std::make_shared<Reshape>(param(element::f32, PartialShape("[2,3]")),
                                                  param(element::i64, PartialShape("[3]")), false);
  EXPECT_EQ(dynamic_target->get_output_partial_shape(0), PartialShape("[?,?,?]"));
}

TEST(Reshape, ErrorsNameTheNode) {
  EXPECT_THROW_WITH(infer("[2,3,4]", {5, -1}), "Reshape '", "not divisible");
  EXPECT_THROW_WITH(infer("[2,3,4]", {5, 5}), "Reshape '", "cannot reshape", "24");
  EXPECT_THROW_WITH(infer("[2,3,4]", {-1, -1}), "more than one -1");
  EXPECT_THROW_WITH(infer("[2,3,4]", {-2, 12}), "entry 0 is -2");
  EXPECT_THROW_WITH(infer("[2]", {0, 0}, true), "only 1 axes");
  EXPECT_THROW_WITH(std::make_shared<Reshape>(param(element::f32, Shape{2}), param(element::f32, Shape{1}), false),
                    "integer tensor");
}

TEST(Reshape, EvaluateUsesTheActualShapes) {
  auto reshape = std::make_shared<Reshape>(param(element::f32, PartialShape::dynamic()),
                                           param(element::i32, PartialShape::dynamic()), true);
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  auto out = run(
      reshape, {make_tensor(element::f32, {2, 3}, x), make_tensor(element::i32, {2}, std::vector<int32_t>{0, -1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 3}));
  out = run(reshape,
            {make_tensor(element::f32, {1, 6}, x), make_tensor(element::i32, {3}, std::vector<int32_t>{3, -1, 1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{3, 2, 1}));
  EXPECT_EQ(values_of<float>(out), x);
  EXPECT_THROW_WITH(
      run(reshape, {make_tensor(element::f32, {6}, x), make_tensor(element::i32, {1}, std::vector<int32_t>{4})}),
      "Reshape '", "cannot reshape");
}

}  // namespace
}  // namespace ferry
