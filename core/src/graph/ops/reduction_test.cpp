#include "ferry/graph/ops/reduction.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

std::shared_ptr<Node> axes(std::vector<int64_t> values) {
  return Constant::create<int64_t>(element::i64, Shape{values.size()}, values);
}

// [2,3]: 1 -2 3 / -4 5 -6
const std::vector<float> kData{1, -2, 3, -4, 5, -6};

template <typename Op, typename T = float>
std::vector<T> reduce(const std::vector<T>& data, const element::Type& type, const Shape& shape,
                      std::vector<int64_t> axis_values, bool keep = false, Shape* out_shape = nullptr) {
  auto node =
      std::make_shared<Op>(param(type, PartialShape::dynamic()), param(element::i64, PartialShape::dynamic()), keep);
  const auto out =
      run(node, {make_tensor(type, shape, data), make_tensor(element::i64, {axis_values.size()}, axis_values)})[0];
  if (out_shape) *out_shape = out.get_shape();
  return values_of<T>(out);
}

TEST(Reduction, FloatKernels) {
  Shape shape;
  EXPECT_EQ(reduce<op::v1::ReduceSum>(kData, element::f32, {2, 3}, {1}, false, &shape), (std::vector<float>{2, -5}));
  EXPECT_EQ(shape, (Shape{2}));
  EXPECT_EQ(reduce<op::v1::ReduceSum>(kData, element::f32, {2, 3}, {0}, true, &shape), (std::vector<float>{-3, 3, -3}));
  EXPECT_EQ(shape, (Shape{1, 3}));
  EXPECT_EQ(reduce<op::v1::ReduceMax>(kData, element::f32, {2, 3}, {1}), (std::vector<float>{3, 5}));
  EXPECT_EQ(reduce<op::v1::ReduceMin>(kData, element::f32, {2, 3}, {-1}), (std::vector<float>{-2, -6}));
  EXPECT_EQ(reduce<op::v1::ReduceProd>(kData, element::f32, {2, 3}, {1}), (std::vector<float>{-6, 120}));
  EXPECT_EQ(reduce<op::v4::ReduceL1>(kData, element::f32, {2, 3}, {0, 1}), (std::vector<float>{21}));
  const auto l2 = reduce<op::v4::ReduceL2>(kData, element::f32, {2, 3}, {1});
  EXPECT_FLOAT_EQ(l2[0], std::sqrt(14.0f));
  EXPECT_FLOAT_EQ(l2[1], std::sqrt(77.0f));
  EXPECT_EQ(reduce<op::v1::ReduceMean>(kData, element::f32, {2, 3}, {0}), (std::vector<float>{-1.5f, 1.5f, -1.5f}));
  // No axes: nothing is reduced.
  EXPECT_EQ(reduce<op::v1::ReduceSum>(kData, element::f32, {2, 3}, {}, false, &shape), kData);
  EXPECT_EQ(shape, (Shape{2, 3}));
  // Duplicate axes count once.
  EXPECT_EQ(reduce<op::v1::ReduceSum>(kData, element::f32, {2, 3}, {1, -1}), (std::vector<float>{2, -5}));
}

TEST(Reduction, EmptyGroupsGiveIdentities) {
  const std::vector<float> none;
  EXPECT_EQ(reduce<op::v1::ReduceSum>(none, element::f32, {2, 0}, {1}), (std::vector<float>{0, 0}));
  EXPECT_EQ(reduce<op::v1::ReduceProd>(none, element::f32, {2, 0}, {1}), (std::vector<float>{1, 1}));
  EXPECT_EQ(reduce<op::v1::ReduceMax>(none, element::f32, {1, 0}, {1})[0], -std::numeric_limits<float>::infinity());
  EXPECT_EQ(reduce<op::v1::ReduceMin>(none, element::f32, {1, 0}, {1})[0], std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(reduce<op::v1::ReduceMean>(none, element::f32, {1, 0}, {1})[0]));
  EXPECT_EQ(reduce<op::v1::ReduceMax>(std::vector<int8_t>{}, element::i8, {1, 0}, {1})[0], int8_t(-128));
}

TEST(Reduction, NanPropagatesThroughMaxAndMin) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(reduce<op::v1::ReduceMax>(std::vector<float>{1, nan, 3}, element::f32, {3}, {0})[0]));
  EXPECT_TRUE(std::isnan(reduce<op::v1::ReduceMin>(std::vector<float>{nan, 1, 3}, element::f32, {3}, {0})[0]));
}

TEST(Reduction, IntegerKernels) {
  const std::vector<int32_t> ints{1, -2, 3, -4, 5, -6};
  EXPECT_EQ(reduce<op::v1::ReduceSum>(ints, element::i32, {2, 3}, {1}), (std::vector<int32_t>{2, -5}));
  EXPECT_EQ(reduce<op::v4::ReduceL1>(ints, element::i32, {2, 3}, {1}), (std::vector<int32_t>{6, 15}));
  EXPECT_EQ(reduce<op::v4::ReduceL2>(ints, element::i32, {2, 3}, {1}), (std::vector<int32_t>{3, 8}));     // 3.74, 8.77
  EXPECT_EQ(reduce<op::v1::ReduceMean>(ints, element::i32, {2, 3}, {1}), (std::vector<int32_t>{0, -1}));  // 2/3, -5/3
  // u8 sums wrap modulo 256, as u8 arithmetic does.
  EXPECT_EQ(reduce<op::v1::ReduceSum>(std::vector<uint8_t>{200, 100}, element::u8, {2}, {0}),
            (std::vector<uint8_t>{44}));
  EXPECT_EQ(reduce<op::v1::ReduceMax>(std::vector<uint64_t>{1, ~uint64_t(0)}, element::u64, {2}, {0}),
            (std::vector<uint64_t>{~uint64_t(0)}));
  EXPECT_EQ(reduce<op::v1::ReduceProd>(std::vector<int64_t>{-3, 4, 5}, element::i64, {3}, {0}),
            (std::vector<int64_t>{-60}));
}

TEST(Reduction, HalfComputesInFloat) {
  const std::vector<float16> halves{float16(1.5f), float16(2.5f), float16(-1.0f), float16(4.0f)};
  const auto sum = reduce<op::v1::ReduceSum, float16>(halves, element::f16, {2, 2}, {1});
  EXPECT_EQ(float(sum[0]), 4.0f);
  EXPECT_EQ(float(sum[1]), 3.0f);
}

TEST(Reduction, ShapeInference) {
  auto x = param(element::f32, PartialShape("[2,?,4..5]"));
  EXPECT_EQ(std::make_shared<op::v1::ReduceSum>(x, axes({1}), false)->get_output_partial_shape(0),
            PartialShape("[2,4..5]"));
  EXPECT_EQ(std::make_shared<op::v1::ReduceMax>(x, axes({-1, 0}), true)->get_output_partial_shape(0),
            PartialShape("[1,?,1]"));
  EXPECT_EQ(std::make_shared<op::v4::ReduceL2>(x, axes({}), false)->get_output_partial_shape(0),
            PartialShape("[2,?,4..5]"));
  auto unknown_axes = param(element::i64, PartialShape{1});
  EXPECT_EQ(std::make_shared<op::v1::ReduceProd>(x, unknown_axes, true)->get_output_partial_shape(0),
            PartialShape("[?,?,?]"));
  EXPECT_TRUE(
      std::make_shared<op::v1::ReduceMin>(x, unknown_axes, false)->get_output_partial_shape(0).rank().is_dynamic());
  auto clone = std::make_shared<op::v4::ReduceL1>(x, axes({2}), true)->clone_with_new_inputs({x, axes({0})});
  EXPECT_EQ(clone->get_type_name(), std::string("ReduceL1"));
  EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape("[1,?,4..5]"));
}

TEST(Reduction, Errors) {
  auto x = param(element::f32, PartialShape("[2,3]"));
  EXPECT_THROW_WITH(std::make_shared<op::v1::ReduceSum>(x, axes({2})), "ReduceSum", "axes entry 2 is out of range");
  EXPECT_THROW_WITH(std::make_shared<op::v4::ReduceL2>(x, param(element::f32, Shape{1})), "ReduceL2", "integer tensor");
  EXPECT_THROW_WITH(std::make_shared<op::v1::ReduceMax>(x, param(element::i64, Shape{1, 1})), "scalar or 1-D");
  EXPECT_THROW_WITH(std::make_shared<op::v1::ReduceMin>(param(element::boolean, Shape{2}), axes({0})), "numeric");
  auto dynamic = std::make_shared<op::v1::ReduceProd>(param(element::f32, PartialShape::dynamic()),
                                                      param(element::i64, PartialShape::dynamic()));
  EXPECT_THROW_WITH(run(dynamic, {make_tensor(element::f32, {2}, std::vector<float>{1, 2}),
                                  make_tensor(element::i64, {1}, std::vector<int64_t>{-3})}),
                    "out of range");
}

}  // namespace
}  // namespace ferry
