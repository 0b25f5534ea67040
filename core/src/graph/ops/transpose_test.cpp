#include "ferry/graph/ops/transpose.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;
using op::v1::Transpose;

std::shared_ptr<Node> order(std::vector<int32_t> values) {
  return Constant::create<int32_t>(element::i32, Shape{values.size()}, values);
}

TEST(Transpose, ShapeInference) {
  auto x = param(element::f32, PartialShape("[2,?,4..5]"));
  EXPECT_EQ(std::make_shared<Transpose>(x, order({2, 0, 1}))->get_output_partial_shape(0), PartialShape("[4..5,2,?]"));
  EXPECT_EQ(std::make_shared<Transpose>(x, order({}))->get_output_partial_shape(0), PartialShape("[4..5,?,2]"));
  EXPECT_EQ(std::make_shared<Transpose>(x, param(element::i64, PartialShape{3}))->get_output_partial_shape(0),
            PartialShape("[?,?,?]"));
  EXPECT_TRUE(std::make_shared<Transpose>(param(element::f32, PartialShape::dynamic()), order({1, 0}))
                  ->get_output_partial_shape(0)
                  .rank()
                  .is_dynamic());
  EXPECT_THROW_WITH(std::make_shared<Transpose>(x, order({0, 0, 1})), "Transpose '", "not a permutation");
  EXPECT_THROW_WITH(std::make_shared<Transpose>(x, order({0, 1})), "2 entries", "rank 3");
  EXPECT_THROW_WITH(std::make_shared<Transpose>(x, order({0, 1, 3})), "out of range");
}

TEST(Transpose, EvaluateMatchesIndexMapping) {
  // [2,3,4] with value = its own linear index; out[i][j][k] with order {2,0,1} = in[j][k][i].
  std::vector<int64_t> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = int64_t(i);
  auto t = std::make_shared<Transpose>(param(element::i64, PartialShape::dynamic()),
                                       param(element::i32, PartialShape::dynamic()));
  auto out = run(
      t, {make_tensor(element::i64, {2, 3, 4}, x), make_tensor(element::i32, {3}, std::vector<int32_t>{2, 0, 1})})[0];
  ASSERT_EQ(out.get_shape(), (Shape{4, 2, 3}));
  const auto got = values_of<int64_t>(out);
  for (size_t i = 0; i < 4; ++i)
    for (size_t j = 0; j < 2; ++j)
      for (size_t k = 0; k < 3; ++k) EXPECT_EQ(got[i * 6 + j * 3 + k], int64_t(j * 12 + k * 4 + i));
  out = run(t, {make_tensor(element::i64, {2, 3, 4}, x), make_tensor(element::i32, {0}, std::vector<int32_t>{})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{4, 3, 2}));
  EXPECT_EQ(values_of<int64_t>(out)[1], 12);  // out[0][0][1] = in[1][0][0]
  auto h = run(t, {make_tensor(element::f16, {1, 2}, std::vector<float16>{1.f, 2.f}),
                   make_tensor(element::i32, {2}, std::vector<int32_t>{1, 0})})[0];
  EXPECT_EQ(h.get_shape(), (Shape{2, 1}));
}

}  // namespace
}  // namespace ferry
