#include "ferry/graph/ops/concat.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Concat;

TEST(Concat, ShapeInference) {
  auto a = param(element::f32, PartialShape("[2,3]"));
  auto b = param(element::f32, PartialShape("[2,?]"));
  auto c = param(element::f32, PartialShape("[?,1..4]"));
  EXPECT_EQ(std::make_shared<Concat>(OutputVector{a, b}, 1)->get_output_partial_shape(0), PartialShape("[2,3..]"));
  EXPECT_EQ(std::make_shared<Concat>(OutputVector{a, c}, -1)->get_output_partial_shape(0), PartialShape("[2,4..7]"));
  EXPECT_EQ(std::make_shared<Concat>(OutputVector{a, a, c}, 0)->get_output_partial_shape(0), PartialShape("[4..,3]"));
  auto d = param(element::dynamic, PartialShape::dynamic());
  auto with_dynamic = std::make_shared<Concat>(OutputVector{a, d}, 0);
  EXPECT_EQ(with_dynamic->get_output_partial_shape(0), PartialShape("[2..,3]"));
  EXPECT_EQ(with_dynamic->get_output_element_type(0), element::f32);
}

TEST(Concat, ErrorsNameTheNode) {
  auto a = param(element::f32, PartialShape("[2,3]"));
  EXPECT_THROW_WITH(std::make_shared<Concat>(OutputVector{a, param(element::f32, PartialShape("[3,3]"))}, 1),
                    "Concat '", "input 1", "[3,3]");
  EXPECT_THROW_WITH(std::make_shared<Concat>(OutputVector{a, param(element::i32, PartialShape("[2,3]"))}, 0), "i32");
  EXPECT_THROW_WITH(std::make_shared<Concat>(OutputVector{a}, 2), "axis 2 is out of range");
  EXPECT_THROW_WITH(std::make_shared<Concat>(OutputVector{a, param(element::f32, PartialShape("[2]"))}, 0), "input 1");
}

TEST(Concat, Evaluate) {
  auto p = param(element::i32, PartialShape::dynamic());
  const auto a = make_tensor(element::i32, {2, 2}, std::vector<int32_t>{1, 2, 3, 4});
  const auto b = make_tensor(element::i32, {2, 1}, std::vector<int32_t>{5, 6});
  auto out = run(std::make_shared<Concat>(OutputVector{p, p}, -1), {a, b})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{1, 2, 5, 3, 4, 6}));
  out = run(std::make_shared<Concat>(OutputVector{p, p, p}, 0),
            {a, a, make_tensor(element::i32, {0, 2}, std::vector<int32_t>{})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{4, 2}));
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{1, 2, 3, 4, 1, 2, 3, 4}));
  EXPECT_THROW_WITH(run(std::make_shared<Concat>(OutputVector{p, p}, 0), {a, b}), "Concat '", "does not fit");
}

}  // namespace
}  // namespace ferry
