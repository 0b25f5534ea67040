#include "ferry/graph/constant_folding.hpp"

#include <gtest/gtest.h>

#include "ferry/graph/opsets.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

// x [?, 6] -> Reshape to [ShapeOf(x)[0] * 2, 3] -> * (Constant 2 + Constant 1): after a reshape
// of x to [4, 6], the target shape is a ShapeOf chain of a static shape, and the factor a
// constant expression.
std::shared_ptr<Model> reshape_by_shape_of() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), 6});
  x->output(0).set_names({"x"});
  auto shape = std::make_shared<op::v3::ShapeOf>(x, element::i64);
  auto batch = std::make_shared<op::v8::Gather>(shape, op::v0::Constant::create(element::i64, Shape{1}, {0}),
                                                op::v0::Constant::create(element::i64, Shape{}, {0}));
  auto doubled = std::make_shared<op::v1::Multiply>(batch, op::v0::Constant::create(element::i64, Shape{1}, {2}));
  auto target =
      std::make_shared<op::v0::Concat>(OutputVector{doubled, op::v0::Constant::create(element::i64, Shape{1}, {3})}, 0);
  auto reshaped = std::make_shared<op::v1::Reshape>(x, target, false);
  auto factor = std::make_shared<op::v1::Add>(op::v0::Constant::create(element::f32, Shape{}, {2.0f}),
                                              op::v0::Constant::create(element::f32, Shape{}, {1.0f}));
  auto y = std::make_shared<op::v1::Multiply>(reshaped, factor);
  y->output(0).set_names({"y"});
  return std::make_shared<Model>(OutputVector{y}, ParameterVector{x}, "reshape_by_shape_of");
}

size_t count_type(const Model& model, const std::string& type) {
  size_t count = 0;
  for (const auto& node : model.get_ordered_ops()) count += node->get_type_info().name == type;
  return count;
}

TEST(ConstantFolding, ShapeOfChainsOfStaticShapesBecomeConstants) {
  auto model = reshape_by_shape_of();
  model->reshape(PartialShape{4, 6});
  EXPECT_TRUE(model->output(0).get_partial_shape().is_dynamic()) << "nothing folds the ShapeOf chain without the pass";

  auto original = model->clone();
  const size_t folded = fold_constants(*model);
  EXPECT_EQ(5u, folded);  // ShapeOf, Gather, Multiply (i64), Concat, Add (f32)
  EXPECT_EQ(PartialShape({8, 3}), model->output(0).get_partial_shape());
  EXPECT_EQ(0u, count_type(*model, "ShapeOf"));
  EXPECT_EQ(0u, count_type(*model, "Concat"));
  EXPECT_EQ(1u, count_type(*model, "Reshape"));
  EXPECT_EQ(1u, count_type(*model, "Multiply"));  // reads the input: stays
  EXPECT_EQ(std::unordered_set<std::string>{"y"}, model->output(0).get_names());

  // The same values as before folding.
  std::vector<float> values(24);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i) - 5.0f;
  Tensor x(element::f32, Shape{4, 6}, values.data());
  TensorVector before(1), after(1);
  ReferenceExecutor(original).run({x}, before);
  ReferenceExecutor(model).run({x}, after);
  ASSERT_EQ(Shape({8, 3}), after[0].get_shape());
  for (size_t i = 0; i < values.size(); ++i) EXPECT_EQ(before[0].data<float>()[i], after[0].data<float>()[i]) << i;
  for (size_t i = 0; i < values.size(); ++i) EXPECT_EQ(3.0f * values[i], after[0].data<float>()[i]) << i;
}

TEST(ConstantFolding, DynamicShapesAndInputsAreLeftAlone) {
  auto model = reshape_by_shape_of();     // x stays [?, 6]: ShapeOf has nothing to fold
  EXPECT_EQ(1u, fold_constants(*model));  // only the f32 Add of two constants
  EXPECT_EQ(1u, count_type(*model, "ShapeOf"));
  EXPECT_TRUE(model->output(0).get_partial_shape().is_dynamic());
  EXPECT_EQ(0u, fold_constants(*model));  // a second pass has nothing left
}

}  // namespace
}  // namespace ferry
