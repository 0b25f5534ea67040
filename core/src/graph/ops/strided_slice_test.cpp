#include "ferry/graph/ops/strided_slice.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;
using op::v1::StridedSlice;

std::shared_ptr<Node> i64s(std::vector<int64_t> values) {
  return Constant::create(element::i64, Shape{values.size()}, values);
}
Tensor i64t(std::vector<int64_t> values) { return make_tensor(element::i64, {values.size()}, values); }

TEST(StridedSlice, ShapeInferenceWithMasks) {
  auto x = param(element::f32, PartialShape("[4,?,6]"));
  // [1:3, new axis, ..., ::-2] -> [2,1,?,3]
  auto s = std::make_shared<StridedSlice>(x, i64s({1, 0, 0, 0}), i64s({3, 0, 0, 0}), i64s({1, 1, 1, -2}),
                                          std::vector<int64_t>{0, 0, 0, 1}, std::vector<int64_t>{0, 0, 0, 1},
                                          std::vector<int64_t>{0, 1, 0, 0}, std::vector<int64_t>{},
                                          std::vector<int64_t>{0, 0, 1, 0});
  EXPECT_EQ(s->get_output_partial_shape(0), PartialShape("[2,1,?,3]"));
  // x[-1] (shrink) with the rest whole -> [?,6]
  auto shrink =
      std::make_shared<StridedSlice>(x, i64s({-1}), i64s({0}), i64s({1}), std::vector<int64_t>{0},
                                     std::vector<int64_t>{0}, std::vector<int64_t>{}, std::vector<int64_t>{1});
  EXPECT_EQ(shrink->get_output_partial_shape(0), PartialShape("[?,6]"));
  auto unknown = std::make_shared<StridedSlice>(x, param(element::i64, PartialShape{1}), i64s({1}),
                                                std::vector<int64_t>{0}, std::vector<int64_t>{0});
  EXPECT_EQ(unknown->get_output_partial_shape(0), PartialShape("[..4,?,..6]"));
  EXPECT_THROW_WITH(std::make_shared<StridedSlice>(x, i64s({0}), i64s({1}), i64s({0}), std::vector<int64_t>{},
                                                   std::vector<int64_t>{}),
                    "StridedSlice '", "stride 0 is 0");
  EXPECT_THROW_WITH(
      std::make_shared<StridedSlice>(x, i64s({5}), i64s({0}), i64s({1}), std::vector<int64_t>{}, std::vector<int64_t>{},
                                     std::vector<int64_t>{}, std::vector<int64_t>{1}),
      "shrink index 5");
  EXPECT_THROW_WITH(std::make_shared<StridedSlice>(x, i64s({0, 0, 0, 0}), i64s({1, 1, 1, 1}), std::vector<int64_t>{},
                                                   std::vector<int64_t>{}),
                    "names 4 axes");
}

TEST(StridedSlice, EvaluateMatchesIndexing) {
  // x = [[0..3],[4..7],[8..11]]: x[::-1, 1:] = [[9,10,11],[5,6,7],[1,2,3]]; x[1, ::2] = [4,6].
  std::vector<int32_t> x(12);
  for (int32_t i = 0; i < 12; ++i) x[size_t(i)] = i;
  const auto data = make_tensor(element::i32, {3, 4}, x);
  auto s =
      std::make_shared<StridedSlice>(param(element::i32, PartialShape::dynamic()), param(element::i64, PartialShape{2}),
                                     param(element::i64, PartialShape{2}), param(element::i64, PartialShape{2}),
                                     std::vector<int64_t>{1, 0}, std::vector<int64_t>{1, 1});
  auto out = run(s, {data, i64t({0, 1}), i64t({0, 0}), i64t({-1, 1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{3, 3}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{9, 10, 11, 5, 6, 7, 1, 2, 3}));
  auto shrink = std::make_shared<StridedSlice>(
      param(element::i32, PartialShape::dynamic()), param(element::i64, PartialShape{2}),
      param(element::i64, PartialShape{2}), param(element::i64, PartialShape{2}), std::vector<int64_t>{0, 1},
      std::vector<int64_t>{0, 1}, std::vector<int64_t>{}, std::vector<int64_t>{1, 0});
  out = run(shrink, {data, i64t({1, 0}), i64t({2, 0}), i64t({1, 2})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{4, 6}));
}

}  // namespace
}  // namespace ferry
