#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/shape_of.hpp"
#include "ferry/graph/ops/squeeze.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;
using op::v0::Squeeze;
using op::v0::Unsqueeze;

std::shared_ptr<Node> i64s(std::vector<int64_t> values) {
  return Constant::create(element::i64, Shape{values.size()}, values);
}

TEST(Squeeze, ShapeInference) {
  auto x = param(element::f32, PartialShape("[1,?,1,2..5]"));
  EXPECT_EQ(std::make_shared<Squeeze>(x, i64s({0, -2}))->get_output_partial_shape(0), PartialShape("[?,2..5]"));
  // Without axes a dynamic dimension that may be 1 leaves the rank unknown.
  EXPECT_TRUE(std::make_shared<Squeeze>(x)->get_output_partial_shape(0).rank().is_dynamic());
  EXPECT_EQ(std::make_shared<Squeeze>(param(element::f32, PartialShape("[1,3,1,2..5]")))->get_output_partial_shape(0),
            PartialShape("[3,2..5]"));
  EXPECT_EQ(std::make_shared<Squeeze>(x, param(element::i64, PartialShape{2}))->get_output_partial_shape(0),
            PartialShape("[?,?]"));
  EXPECT_THROW_WITH(std::make_shared<Squeeze>(x, i64s({3})), "Squeeze '", "length 2..5", "only length 1");
  EXPECT_THROW_WITH(std::make_shared<Squeeze>(x, i64s({4})), "out of range");
  EXPECT_THROW_WITH(std::make_shared<Squeeze>(x, i64s({0, -4})), "repeated");
}

TEST(Squeeze, EvaluateKeepsBytes) {
  auto s = std::make_shared<Squeeze>(param(element::i8, PartialShape::dynamic()),
                                     param(element::i32, PartialShape::dynamic()));
  auto out = run(s, {make_tensor(element::i8, {1, 3, 1}, std::vector<int8_t>{4, 5, 6}),
                     make_tensor(element::i32, {1}, std::vector<int32_t>{2})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{1, 3}));
  EXPECT_EQ(values_of<int8_t>(out), (std::vector<int8_t>{4, 5, 6}));
  EXPECT_THROW_WITH(run(s, {make_tensor(element::i8, {1, 3, 1}, std::vector<int8_t>{4, 5, 6}),
                            make_tensor(element::i32, {1}, std::vector<int32_t>{1})}),
                    "axis 1 has length 3");
  auto all = std::make_shared<Squeeze>(param(element::f32, PartialShape::dynamic()));
  EXPECT_EQ(run(all, {make_tensor(element::f32, {1, 2, 1}, std::vector<float>{1, 2})})[0].get_shape(), (Shape{2}));
}

TEST(Unsqueeze, ShapeInferenceAndEvaluate) {
  auto x = param(element::f32, PartialShape("[?,3]"));
  EXPECT_EQ(std::make_shared<Unsqueeze>(x, i64s({0, -1}))->get_output_partial_shape(0), PartialShape("[1,?,3,1]"));
  EXPECT_EQ(std::make_shared<Unsqueeze>(x, i64s({3, 1}))->get_output_partial_shape(0), PartialShape("[?,1,3,1]"));
  EXPECT_EQ(std::make_shared<Unsqueeze>(x, param(element::i64, PartialShape{1}))->get_output_partial_shape(0),
            PartialShape("[?,?,?]"));
  EXPECT_THROW_WITH(std::make_shared<Unsqueeze>(x, i64s({4})), "Unsqueeze '", "out of range");
  EXPECT_THROW_WITH(std::make_shared<Unsqueeze>(x, i64s({1, 1})), "repeated");
  EXPECT_THROW_WITH(std::make_shared<Unsqueeze>(x, Constant::create(element::f32, Shape{1}, {0.f})), "integer");
  auto u = std::make_shared<Unsqueeze>(param(element::boolean, PartialShape::dynamic()), i64s({1}));
  auto out = run(u, {make_tensor(element::boolean, {2}, std::vector<char>{1, 0}),
                     make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 1}));
  EXPECT_EQ(values_of<char>(out), (std::vector<char>{1, 0}));
}

TEST(ShapeOf, ShapeInferenceAndEvaluate) {
  auto x = param(element::f16, PartialShape("[2,?,1..4]"));
  auto s3 = std::make_shared<op::v3::ShapeOf>(x, element::i32);
  EXPECT_EQ(s3->get_output_element_type(0), element::i32);
  EXPECT_EQ(s3->get_output_partial_shape(0), PartialShape("[3]"));
  EXPECT_EQ(
      std::make_shared<op::v0::ShapeOf>(param(element::f32, PartialShape::dynamic()))->get_output_partial_shape(0),
      PartialShape("[?]"));
  EXPECT_THROW_WITH(std::make_shared<op::v3::ShapeOf>(x, element::f32), "ShapeOf '", "output_type");
  Tensor in(element::f16, Shape{2, 5, 3});
  EXPECT_EQ(values_of<int32_t>(run(s3, {in})[0]), (std::vector<int32_t>{2, 5, 3}));
  auto s0 = std::make_shared<op::v0::ShapeOf>(x);
  EXPECT_EQ(values_of<int64_t>(run(s0, {in})[0]), (std::vector<int64_t>{2, 5, 3}));
  EXPECT_EQ(run(s0, {Tensor(element::f32, Shape{})})[0].get_shape(), (Shape{0}));
}

}  // namespace
}  // namespace ferry
