#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/non_max_suppression.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;
using Nms = v9::NonMaxSuppression;

// Box 1 overlaps box 0 with IoU 0.9 / 1.1 = 0.82; box 2 is far from both.
const std::vector<float> kBoxes{0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0, 10, 1, 11};

std::shared_ptr<Nms> make_nms(size_t classes, bool sort, Nms::BoxEncodingType encoding = Nms::BoxEncodingType::CORNER) {
  return std::make_shared<Nms>(
      OutputVector{param(element::f32, Shape{1, 3, 4}), param(element::f32, Shape{1, classes, 3}),
                   param(element::i64, Shape{}), param(element::f32, Shape{}), param(element::f32, Shape{})},
      encoding, sort, element::i64);
}

TensorVector limits(int64_t max_boxes, float iou, float score) {
  return {make_tensor(element::i64, {}, std::vector<int64_t>{max_boxes}),
          make_tensor(element::f32, {}, std::vector<float>{iou}),
          make_tensor(element::f32, {}, std::vector<float>{score})};
}

TensorVector run_nms(const std::shared_ptr<Nms>& nms, const std::vector<float>& boxes, const std::vector<float>& scores,
                     size_t classes, int64_t max_boxes, float iou, float score) {
  TensorVector inputs{make_tensor(element::f32, {1, 3, 4}, boxes), make_tensor(element::f32, {1, classes, 3}, scores)};
  for (auto& limit : limits(max_boxes, iou, score)) inputs.push_back(limit);
  return run(nms, inputs);
}

TEST(NonMaxSuppressionOp, SuppressesOverlapsBestFirst) {
  const auto out = run_nms(make_nms(1, false), kBoxes, {0.9f, 0.95f, 0.5f}, 1, 3, 0.5f, 0.0f);
  EXPECT_EQ(out[0].get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of<int64_t>(out[0]), (std::vector<int64_t>{0, 0, 1, 0, 0, 2}));
  EXPECT_EQ(values_of<float>(out[1]), (std::vector<float>{0, 0, 0.95f, 0, 0, 0.5f}));
  EXPECT_EQ(values_of<int64_t>(out[2]), (std::vector<int64_t>{2}));
  // A looser IoU threshold keeps the overlapping box; a score threshold drops the weak one.
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(1, false), kBoxes, {0.9f, 0.95f, 0.5f}, 1, 3, 0.9f, 0.0f)[0]),
            (std::vector<int64_t>{0, 0, 1, 0, 0, 0, 0, 0, 2}));
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(1, false), kBoxes, {0.9f, 0.95f, 0.5f}, 1, 3, 0.5f, 0.6f)[0]),
            (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(1, false), kBoxes, {0.9f, 0.95f, 0.5f}, 1, 1, 0.5f, 0.0f)[0]),
            (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(run_nms(make_nms(1, false), kBoxes, {0.9f, 0.95f, 0.5f}, 1, 0, 0.5f, 0.0f)[0].get_shape(), (Shape{0, 3}));
}

TEST(NonMaxSuppressionOp, TwoClassesInClassOrderOrSortedByScore) {
  const std::vector<float> scores{0.9f, 0.95f, 0.5f, 0.1f, 0.2f, 0.8f};
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(2, false), kBoxes, scores, 2, 3, 0.5f, 0.0f)[0]),
            (std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 1, 2, 0, 1, 1}));
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(2, true), kBoxes, scores, 2, 3, 0.5f, 0.0f)[0]),
            (std::vector<int64_t>{0, 0, 1, 0, 1, 2, 0, 0, 2, 0, 1, 1}));
}

TEST(NonMaxSuppressionOp, CenterEncodingAndFlippedCorners) {
  // The same three boxes as [x_center, y_center, width, height].
  const std::vector<float> centers{0.5f, 0.5f, 1, 1, 0.6f, 0.5f, 1, 1, 10.5f, 0.5f, 1, 1};
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(1, false, Nms::BoxEncodingType::CENTER), centers, {0.9f, 0.95f, 0.5f},
                                       1, 3, 0.5f, 0.0f)[0]),
            (std::vector<int64_t>{0, 0, 1, 0, 0, 2}));
  const std::vector<float> flipped{1, 1, 0, 0, 1, 1.1f, 0, 0.1f, 1, 11, 0, 10};
  EXPECT_EQ(values_of<int64_t>(run_nms(make_nms(1, false), flipped, {0.9f, 0.95f, 0.5f}, 1, 3, 0.5f, 0.0f)[0]),
            (std::vector<int64_t>{0, 0, 1, 0, 0, 2}));
}

TEST(NonMaxSuppressionOp, ShapeInference) {
  auto capped =
      std::make_shared<Nms>(OutputVector{param(element::f32, Shape{2, 10, 4}), param(element::f32, Shape{2, 3, 10}),
                                         v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{5})},
                            Nms::BoxEncodingType::CORNER, true, element::i32);
  EXPECT_EQ(capped->get_output_partial_shape(0), PartialShape("[0..30,3]"));
  EXPECT_EQ(capped->get_output_element_type(0), element::i32);
  EXPECT_EQ(capped->get_output_element_type(1), element::f32);
  EXPECT_EQ(capped->get_output_partial_shape(2), PartialShape("[1]"));
  EXPECT_STREQ(capped->get_type_info().version_id, "opset9");
  auto bounded =
      std::make_shared<Nms>(OutputVector{param(element::f16, PartialShape("[1,1..8,4]")),
                                         param(element::f16, PartialShape("[1,2,?]")), param(element::i64, Shape{})});
  EXPECT_EQ(bounded->get_output_partial_shape(0), PartialShape("[0..16,3]"));
  EXPECT_EQ(bounded->get_output_element_type(1), element::f16);
  auto dynamic = std::make_shared<Nms>(
      OutputVector{param(element::f32, PartialShape::dynamic()), param(element::f32, PartialShape::dynamic())});
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape("[?,3]"));
  auto clone = capped->clone_with_new_inputs(capped->input_values());
  EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape("[0..30,3]"));
}

TEST(NonMaxSuppressionOp, ErrorsNameTheNodeAndCause) {
  EXPECT_THROW_WITH(
      std::make_shared<Nms>(OutputVector{param(element::f32, Shape{1, 3, 5}), param(element::f32, Shape{1, 1, 3})}),
      "NonMaxSuppression '", "boxes must be [batches, boxes, 4]");
  EXPECT_THROW_WITH(
      std::make_shared<Nms>(OutputVector{param(element::f32, Shape{1, 3, 4}), param(element::f32, Shape{2, 1, 3})}),
      "disagree");
  EXPECT_THROW_WITH(
      std::make_shared<Nms>(OutputVector{param(element::f32, Shape{1, 3, 4}), param(element::f32, Shape{1, 1, 3})},
                            Nms::BoxEncodingType::CORNER, true, element::f32),
      "output_type must be i32 or i64");
  EXPECT_THROW_WITH(
      std::make_shared<Nms>(OutputVector{param(element::f32, Shape{1, 3, 4}), param(element::f32, Shape{1, 1, 3}),
                                         param(element::f32, Shape{})}),
      "max_output_boxes_per_class must be an integer");
  EXPECT_THROW_WITH(
      std::make_shared<Nms>(OutputVector{param(element::i32, Shape{1, 3, 4}), param(element::i32, Shape{1, 1, 3})}),
      "must be real numbers");
}

}  // namespace
}  // namespace ferry
