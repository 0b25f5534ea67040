#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/broadcast.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/range.hpp"
#include "ferry/graph/ops/select.hpp"
#include "ferry/graph/ops/tile.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

std::shared_ptr<Node> i64s(std::vector<int64_t> values) {
  return Constant::create(element::i64, Shape{values.size()}, values);
}
Tensor i64t(std::vector<int64_t> values) { return make_tensor(element::i64, {values.size()}, values); }

TEST(Tile, ShapeInferenceAndEvaluate) {
  auto x = param(element::f32, PartialShape("[2,1..3]"));
  EXPECT_EQ(std::make_shared<op::v0::Tile>(x, i64s({3, 1, 2}))->get_output_partial_shape(0),
            PartialShape("[3,2,2..6]"));
  EXPECT_EQ(std::make_shared<op::v0::Tile>(x, i64s({2}))->get_output_partial_shape(0), PartialShape("[2,2..6]"));
  EXPECT_EQ(std::make_shared<op::v0::Tile>(x, param(element::i64, PartialShape{3}))->get_output_partial_shape(0),
            PartialShape("[?,?,?]"));
  EXPECT_THROW_WITH(std::make_shared<op::v0::Tile>(x, i64s({-1})), "Tile '", "negative");
  auto t = std::make_shared<op::v0::Tile>(param(element::i32, PartialShape::dynamic()),
                                          param(element::i64, PartialShape{2}));
  auto out = run(t, {make_tensor(element::i32, {2}, std::vector<int32_t>{1, 2}), i64t({2, 2})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 4}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{1, 2, 1, 2, 1, 2, 1, 2}));
}

TEST(Broadcast, ShapeInference) {
  auto x = param(element::f32, PartialShape("[?,1]"));
  EXPECT_EQ(std::make_shared<op::v3::Broadcast>(x, i64s({2, 5, 4}))->get_output_partial_shape(0),
            PartialShape("[2,5,4]"));
  EXPECT_EQ(std::make_shared<op::v3::Broadcast>(x, i64s({1, 4}), "bidirectional")->get_output_partial_shape(0),
            PartialShape("[?,4]"));
  EXPECT_EQ(std::make_shared<op::v3::Broadcast>(x, param(element::i64, PartialShape{1}), "bidirectional")
                ->get_output_partial_shape(0),
            PartialShape("[?,?]"));
  auto e = std::make_shared<op::v3::Broadcast>(param(element::f32, PartialShape{3}), i64s({2, 3, 4}), i64s({1}));
  EXPECT_EQ(e->get_output_partial_shape(0), PartialShape("[2,3,4]"));
  EXPECT_THROW_WITH(std::make_shared<op::v3::Broadcast>(param(element::f32, PartialShape{3}), i64s({4})), "Broadcast '",
                    "does not broadcast");
  EXPECT_THROW_WITH(std::make_shared<op::v3::Broadcast>(x, i64s({4}), "pdpd"), "mode 'pdpd'");
  EXPECT_THROW_WITH(std::make_shared<op::v3::Broadcast>(param(element::f32, PartialShape{3}), i64s({2, 3}), i64s({0})),
                    "does not fit target axis 0");
}

TEST(Broadcast, Evaluate) {
  auto b = std::make_shared<op::v3::Broadcast>(param(element::u8, PartialShape::dynamic()),
                                               param(element::i64, PartialShape{2}), "bidirectional");
  auto out = run(b, {make_tensor(element::u8, {3, 1}, std::vector<uint8_t>{1, 2, 3}), i64t({1, 2})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{3, 2}));
  EXPECT_EQ(values_of<uint8_t>(out), (std::vector<uint8_t>{1, 1, 2, 2, 3, 3}));
  auto e =
      std::make_shared<op::v3::Broadcast>(param(element::u8, PartialShape::dynamic()),
                                          param(element::i64, PartialShape{2}), param(element::i64, PartialShape{1}));
  out = run(e, {make_tensor(element::u8, {2}, std::vector<uint8_t>{7, 9}), i64t({2, 3}), i64t({0})})[0];
  EXPECT_EQ(values_of<uint8_t>(out), (std::vector<uint8_t>{7, 7, 7, 9, 9, 9}));
  auto n = std::make_shared<op::v3::Broadcast>(param(element::u8, PartialShape::dynamic()),
                                               param(element::i64, PartialShape{1}));
  EXPECT_THROW_WITH(run(n, {make_tensor(element::u8, {2}, std::vector<uint8_t>{7, 9}), i64t({3})}),
                    "does not broadcast");
}

TEST(Range, ShapeInferenceAndEvaluate) {
  auto c = [](float v) { return Constant::create(element::f32, Shape{}, {v}); };
  EXPECT_EQ(std::make_shared<op::v4::Range>(c(1), c(2), c(0.25f), element::f32)->get_output_partial_shape(0),
            PartialShape("[4]"));
  EXPECT_EQ(std::make_shared<op::v4::Range>(c(5), c(1), c(1), element::i32)->get_output_partial_shape(0),
            PartialShape("[0]"));
  EXPECT_EQ(std::make_shared<op::v4::Range>(c(0), param(element::f32, PartialShape{}), c(1), element::f32)
                ->get_output_partial_shape(0),
            PartialShape("[?]"));
  EXPECT_THROW_WITH(std::make_shared<op::v4::Range>(c(0), c(1), c(0), element::f32), "Range '", "step 0");
  EXPECT_THROW_WITH(std::make_shared<op::v4::Range>(c(0), c(1), c(1), element::boolean), "numeric");
  EXPECT_THROW_WITH(std::make_shared<op::v4::Range>(param(element::f32, PartialShape{2}), c(1), c(1), element::f32),
                    "scalar");
  auto r = std::make_shared<op::v4::Range>(param(element::i32, PartialShape{}), param(element::i32, PartialShape{}),
                                           param(element::i32, PartialShape{}), element::i32);
  auto i = [](int32_t v) { return make_tensor(element::i32, {}, std::vector<int32_t>{v}); };
  EXPECT_EQ(values_of<int32_t>(run(r, {i(10), i(4), i(-3)})[0]), (std::vector<int32_t>{10, 7}));
  auto h = std::make_shared<op::v4::Range>(c(0), c(1), c(0.5f), element::f16);
  auto f = [](float v) { return make_tensor(element::f32, {}, std::vector<float>{v}); };
  auto out = run(h, {f(0), f(1), f(0.5f)})[0];
  EXPECT_EQ(float(values_of<float16>(out)[1]), 0.5f);
}

TEST(Select, ShapeInferenceAndEvaluate) {
  auto cond = param(element::boolean, PartialShape("[?,1]"));
  auto s = std::make_shared<op::v1::Select>(cond, param(element::f32, PartialShape("[3]")),
                                            param(element::f32, PartialShape{}));
  EXPECT_EQ(s->get_output_partial_shape(0), PartialShape("[?,3]"));
  EXPECT_THROW_WITH(
      std::make_shared<op::v1::Select>(param(element::f32, PartialShape{}), param(element::f32, PartialShape{}),
                                       param(element::f32, PartialShape{})),
      "Select '", "boolean");
  EXPECT_THROW_WITH(
      std::make_shared<op::v1::Select>(cond, param(element::f32, PartialShape{}), param(element::i32, PartialShape{})),
      "element type");
  EXPECT_THROW_WITH(std::make_shared<op::v1::Select>(cond, param(element::f32, PartialShape{3}),
                                                     param(element::f32, PartialShape{2})),
                    "do not broadcast");
  auto out = run(s, {make_tensor(element::boolean, {2, 1}, std::vector<char>{1, 0}),
                     make_tensor(element::f32, {3}, std::vector<float>{1, 2, 3}),
                     make_tensor(element::f32, {}, std::vector<float>{-1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{1, 2, 3, -1, -1, -1}));
}

}  // namespace
}  // namespace ferry
