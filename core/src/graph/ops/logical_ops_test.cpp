#include "ferry/graph/ops/logical.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/op_registry.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

TEST(LogicalOps, ShapeInferenceAndErrors) {
  auto andop = std::make_shared<v1::LogicalAnd>(param(element::boolean, PartialShape("[?,1]")),
                                                param(element::boolean, PartialShape("[1..3]")));
  EXPECT_EQ(andop->get_output_element_type(0), element::boolean);
  EXPECT_EQ(andop->get_output_partial_shape(0), PartialShape("[?,1..3]"));
  auto notop = std::make_shared<v1::LogicalNot>(param(element::dynamic, PartialShape("[...]")));
  EXPECT_EQ(notop->get_output_element_type(0), element::boolean);
  EXPECT_EQ(notop->get_output_partial_shape(0), PartialShape::dynamic());
  EXPECT_THROW_WITH(std::make_shared<v1::LogicalOr>(param(element::boolean, Shape{2}), param(element::f32, Shape{2})),
                    "LogicalOr '", "input 1", "boolean", "f32");
  EXPECT_THROW_WITH(
      std::make_shared<v1::LogicalXor>(param(element::boolean, Shape{2}), param(element::boolean, Shape{3})),
      "LogicalXor '", "do not broadcast");
  EXPECT_THROW_WITH(std::make_shared<v1::LogicalNot>(param(element::i32, Shape{2})), "LogicalNot '", "i32");
}

TEST(LogicalOps, TruthTablesWithBroadcast) {
  // a: [4,1] = {0,1,0,1}, b: [2] = {0,1}: every pair of truth values appears.
  const std::vector<char> a = {0, 1, 0, 1}, b = {0, 1};
  const auto ta = make_tensor(element::boolean, {4, 1}, a), tb = make_tensor(element::boolean, {2}, b);
  auto p = param(element::boolean, PartialShape::dynamic());
  const auto and_out = run(std::make_shared<v1::LogicalAnd>(p, p), {ta, tb})[0];
  const auto or_out = run(std::make_shared<v1::LogicalOr>(p, p), {ta, tb})[0];
  const auto xor_out = run(std::make_shared<v1::LogicalXor>(p, p), {ta, tb})[0];
  EXPECT_EQ(and_out.get_shape(), (Shape{4, 2}));
  // Rows: a = 0, 1, 0, 1; columns: b = 0, 1.
  EXPECT_EQ(values_of<char>(and_out), (std::vector<char>{0, 0, 0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(values_of<char>(or_out), (std::vector<char>{0, 1, 1, 1, 0, 1, 1, 1}));
  EXPECT_EQ(values_of<char>(xor_out), (std::vector<char>{0, 1, 1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(values_of<char>(run(std::make_shared<v1::LogicalNot>(p), {ta})[0]), (std::vector<char>{1, 0, 1, 0}));
}

TEST(LogicalOps, CloneAndRegistry) {
  auto a = param(element::boolean, Shape{2});
  auto clone = std::make_shared<v1::LogicalOr>(a, a)->clone_with_new_inputs({a, a});
  EXPECT_TRUE(is_type<v1::LogicalOr>(clone));
  EXPECT_TRUE(is_type<v1::LogicalNot>(std::make_shared<v1::LogicalNot>(a)->clone_with_new_inputs({a})));
  for (const char* name : {"LogicalAnd", "LogicalOr", "LogicalXor", "LogicalNot"})
    EXPECT_STREQ(OpRegistry::global().create(name, "opset1")->get_type_name(), name);
}

}  // namespace
}  // namespace ferry
