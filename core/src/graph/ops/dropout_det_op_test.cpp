// ext::Dropout (inference identity, refusal of random dropout) and ext::Det (batched LU
// determinant): shape inference, values against hand-computed ones, and error paths.
#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

using testing::make_tensor;
using testing::param;
using testing::run;
using testing::values_of;

Tensor f32_scalar(float value) { return make_tensor<float>(element::f32, Shape{}, {value}); }
Tensor bool_scalar(bool value) { return make_tensor<char>(element::boolean, Shape{}, {char(value)}); }

std::shared_ptr<op::ext::Dropout> make_dropout(const PartialShape& shape) {
  return std::make_shared<op::ext::Dropout>(param(element::f32, shape), param(element::f32, Shape{}),
                                            param(element::boolean, Shape{}));
}

TEST(DropoutOp, InfersDataTypeAndBooleanMask) {
  const auto dropout = make_dropout(PartialShape{-1, 3});
  EXPECT_EQ(dropout->get_output_element_type(0), element::f32);
  EXPECT_EQ(dropout->get_output_partial_shape(0), (PartialShape{-1, 3}));
  EXPECT_EQ(dropout->get_output_element_type(1), element::boolean);
  EXPECT_EQ(dropout->get_output_partial_shape(1), (PartialShape{-1, 3}));
  EXPECT_EQ(std::string(dropout->get_type_info().version_id), "ferry_ext1");
}

TEST(DropoutOp, RefusesBadRatioAndModeInputs) {
  const auto data = param(element::f32, Shape{2});
  EXPECT_THROW_WITH(op::ext::Dropout(data, param(element::i32, Shape{}), param(element::boolean, Shape{})),
                    "ratio must be a floating-point scalar");
  EXPECT_THROW_WITH(op::ext::Dropout(data, param(element::f32, Shape{}), param(element::f32, Shape{})),
                    "training_mode must be a boolean scalar");
  EXPECT_THROW_WITH(op::ext::Dropout(data, param(element::f32, Shape{2}), param(element::boolean, Shape{})),
                    "ratio must be a scalar");
}

TEST(DropoutOp, InferenceAndZeroRatioTrainingAreIdentity) {
  const auto dropout = make_dropout(Shape{2, 2});
  const Tensor x = make_tensor<float>(element::f32, Shape{2, 2}, {1.5f, -2.0f, 0.0f, 7.25f});
  for (const auto& [ratio, training] : {std::pair<float, bool>{0.5f, false}, {0.0f, true}}) {
    const auto outputs = run(dropout, {x, f32_scalar(ratio), bool_scalar(training)});
    EXPECT_EQ(values_of<float>(outputs[0]), (std::vector<float>{1.5f, -2.0f, 0.0f, 7.25f}));
    EXPECT_EQ(outputs[1].get_element_type(), element::boolean);
    EXPECT_EQ(values_of<char>(outputs[1]), (std::vector<char>{1, 1, 1, 1}));
  }
}

TEST(DropoutOp, RefusesRandomDropoutNamingTheNode) {
  const auto dropout = make_dropout(Shape{3});
  dropout->set_friendly_name("drop7");
  const Tensor x = make_tensor<float>(element::f32, Shape{3}, {1, 2, 3});
  EXPECT_THROW_WITH(run(dropout, {x, f32_scalar(0.25f), bool_scalar(true)}), "drop7", "training_mode is true",
                    "ratio 0.25", "cannot be reproduced");
}

TEST(DetOp, InfersBatchShape) {
  EXPECT_EQ(std::make_shared<op::ext::Det>(param(element::f32, PartialShape{2, -1, 3, 3}))->get_output_partial_shape(0),
            (PartialShape{2, -1}));
  EXPECT_EQ(std::make_shared<op::ext::Det>(param(element::f64, Shape{4, 4}))->get_output_partial_shape(0),
            PartialShape(Shape{}));
  EXPECT_THROW_WITH(op::ext::Det(param(element::f32, Shape{2, 3})), "must be square");
  EXPECT_THROW_WITH(op::ext::Det(param(element::f32, Shape{3})), "rank 2 or more");
  EXPECT_THROW_WITH(op::ext::Det(param(element::i32, Shape{2, 2})), "floating point");
}

TEST(DetOp, BatchOfMatricesByHand) {
  const auto det = std::make_shared<op::ext::Det>(param(element::f32, Shape{4, 3, 3}));
  const std::vector<float> matrices = {
      2, 0, 0, 0, 3,  0, 0, 0, 4,  // diagonal: 24
      0, 1, 0, 1, 0,  0, 0, 0, 1,  // one row swap: -1
      1, 2, 3, 4, 5,  6, 7, 8, 9,  // singular: 0
      0, 2, 1, 3, -1, 2, 1, 1, 1,  // first pivot is zero: 0*(-3) - 2*(1) + 1*(4) = 2
  };
  const auto outputs = run(det, {make_tensor<float>(element::f32, Shape{4, 3, 3}, matrices)});
  const auto values = values_of<float>(outputs[0]);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_NEAR(values[0], 24.0f, 1e-5f);
  EXPECT_NEAR(values[1], -1.0f, 1e-6f);
  EXPECT_NEAR(values[2], 0.0f, 1e-5f);
  EXPECT_NEAR(values[3], 2.0f, 1e-5f);
}

TEST(DetOp, DoublePrecisionSingleMatrix) {
  const auto det = std::make_shared<op::ext::Det>(param(element::f64, Shape{2, 2}));
  const auto outputs = run(det, {make_tensor<double>(element::f64, Shape{2, 2}, {1e-3, 2.0, 3.0, 4.0})});
  EXPECT_EQ(outputs[0].get_shape(), Shape{});
  EXPECT_NEAR(values_of<double>(outputs[0])[0], 1e-3 * 4.0 - 6.0, 1e-12);
  const auto clone = det->clone_with_new_inputs({param(element::f64, Shape{5, 2, 2})});
  EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape(Shape{5}));
}

}  // namespace
}  // namespace ferry
