#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/cum_sum.hpp"
#include "ferry/graph/ops/non_zero.hpp"
#include "ferry/graph/ops/one_hot.hpp"
#include "ferry/graph/ops/reverse_sequence.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

Tensor i64_scalar(int64_t v) { return make_tensor(element::i64, {}, std::vector<int64_t>{v}); }

TEST(CumSum, ShapeAndModes) {
  auto x = param(element::f32, PartialShape("[2,?]"));
  EXPECT_EQ(std::make_shared<op::v0::CumSum>(x, Constant::create(element::i64, Shape{}, {int64_t{1}}))
                ->get_output_partial_shape(0),
            PartialShape("[2,?]"));
  EXPECT_THROW_WITH(std::make_shared<op::v0::CumSum>(x, Constant::create(element::i64, Shape{}, {int64_t{2}})),
                    "CumSum '", "out of range");
  EXPECT_THROW_WITH(std::make_shared<op::v0::CumSum>(param(element::boolean, PartialShape{2})), "numeric");
  const auto data = make_tensor(element::i32, {2, 3}, std::vector<int32_t>{1, 2, 3, 4, 5, 6});
  auto make = [](bool exclusive, bool reverse) {
    return std::make_shared<op::v0::CumSum>(param(element::i32, PartialShape::dynamic()),
                                            param(element::i64, PartialShape{}), exclusive, reverse);
  };
  EXPECT_EQ(values_of<int32_t>(run(make(false, false), {data, i64_scalar(1)})[0]),
            (std::vector<int32_t>{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(values_of<int32_t>(run(make(true, false), {data, i64_scalar(-1)})[0]),
            (std::vector<int32_t>{0, 1, 3, 0, 4, 9}));
  EXPECT_EQ(values_of<int32_t>(run(make(false, true), {data, i64_scalar(1)})[0]),
            (std::vector<int32_t>{6, 5, 3, 15, 11, 6}));
  EXPECT_EQ(values_of<int32_t>(run(make(true, true), {data, i64_scalar(0)})[0]),
            (std::vector<int32_t>{4, 5, 6, 0, 0, 0}));
  auto h = std::make_shared<op::v0::CumSum>(param(element::f16, PartialShape::dynamic()));
  auto out = run(h, {make_tensor(element::f16, {3}, std::vector<float16>{0.5f, 0.25f, 1.f})})[0];
  EXPECT_EQ(float(values_of<float16>(out)[2]), 1.75f);
}

TEST(NonZero, ShapeAndEvaluate) {
  auto n = std::make_shared<op::v3::NonZero>(param(element::f32, PartialShape("[2,1..3]")), element::i32);
  EXPECT_EQ(n->get_output_partial_shape(0), PartialShape("[2,0..6]"));
  EXPECT_THROW_WITH(std::make_shared<op::v3::NonZero>(param(element::f32, PartialShape{2}), element::f32), "NonZero '",
                    "output_type");
  auto out = run(n, {make_tensor(element::f32, {2, 2}, std::vector<float>{0, 3, -1, 0})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{0, 1, 1, 0}));
  auto b = std::make_shared<op::v3::NonZero>(param(element::boolean, PartialShape::dynamic()));
  EXPECT_EQ(run(b, {make_tensor(element::boolean, {3}, std::vector<char>{0, 0, 0})})[0].get_shape(), (Shape{1, 0}));
}

TEST(OneHot, ShapeAndEvaluate) {
  auto depth = Constant::create(element::i64, Shape{}, {int64_t{3}});
  auto on = Constant::create(element::f32, Shape{}, {5.f}), off = Constant::create(element::f32, Shape{}, {-1.f});
  auto o = std::make_shared<op::v1::OneHot>(param(element::i64, PartialShape("[2,?]")), depth, on, off, 1);
  EXPECT_EQ(o->get_output_partial_shape(0), PartialShape("[2,3,?]"));
  EXPECT_THROW_WITH(std::make_shared<op::v1::OneHot>(param(element::i64, PartialShape("[2]")), depth, on, off, 2),
                    "OneHot '", "out of range");
  EXPECT_THROW_WITH(std::make_shared<op::v1::OneHot>(param(element::i64, PartialShape("[2]")), depth, on,
                                                     Constant::create(element::i32, Shape{}, {0}), 0),
                    "off_value");
  auto last = std::make_shared<op::v1::OneHot>(param(element::i32, PartialShape::dynamic()),
                                               param(element::i64, PartialShape{}), param(element::f32, PartialShape{}),
                                               param(element::f32, PartialShape{}), -1);
  auto out = run(last, {make_tensor(element::i32, {2}, std::vector<int32_t>{2, 7}), i64_scalar(3),
                        make_tensor(element::f32, {}, std::vector<float>{5}),
                        make_tensor(element::f32, {}, std::vector<float>{-1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{-1, -1, 5, -1, -1, -1}));
}

TEST(ReverseSequence, ShapeAndEvaluate) {
  auto r = std::make_shared<op::v0::ReverseSequence>(param(element::i32, PartialShape("[?,4]")),
                                                     param(element::i64, PartialShape{2}), 0, 1);
  EXPECT_EQ(r->get_output_partial_shape(0), PartialShape("[2,4]"));
  EXPECT_THROW_WITH(std::make_shared<op::v0::ReverseSequence>(param(element::i32, PartialShape("[3,4]")),
                                                              param(element::i64, PartialShape{2}), 0, 1),
                    "ReverseSequence '", "batch axis");
  EXPECT_THROW_WITH(std::make_shared<op::v0::ReverseSequence>(param(element::i32, PartialShape("[3,4]")),
                                                              param(element::i64, PartialShape{3}), 1, 1),
                    "both");
  auto out = run(r, {make_tensor(element::i32, {2, 4}, std::vector<int32_t>{1, 2, 3, 4, 5, 6, 7, 8}),
                     make_tensor(element::i64, {2}, std::vector<int64_t>{3, 1})})[0];
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{3, 2, 1, 4, 5, 6, 7, 8}));
  EXPECT_THROW_WITH(run(r, {make_tensor(element::i32, {2, 4}, std::vector<int32_t>(8)),
                            make_tensor(element::i64, {2}, std::vector<int64_t>{5, 1})}),
                    "out of range");
}

}  // namespace
}  // namespace ferry
