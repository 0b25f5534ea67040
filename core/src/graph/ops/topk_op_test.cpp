#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/topk.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::shared_ptr<Node> k_constant(int64_t k) {
  return v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{k});
}

TEST(TopKOp, ShapeInferenceStaticBoundedDynamic) {
  auto fixed = std::make_shared<v11::TopK>(param(element::f32, PartialShape("[2,5,3]")), k_constant(2), 1,
                                           TopKMode::MAX, TopKSortType::SORT_VALUES, element::i64);
  EXPECT_EQ(fixed->get_output_partial_shape(0), PartialShape("[2,2,3]"));
  EXPECT_EQ(fixed->get_output_element_type(1), element::i64);
  EXPECT_STREQ(fixed->get_type_info().version_id, "opset11");
  // k larger than the axis keeps the whole axis; a bounded axis bounds the output.
  auto bounded = std::make_shared<v11::TopK>(param(element::f32, PartialShape("[2,1..4]")), k_constant(3), -1,
                                             TopKMode::MIN, TopKSortType::NONE);
  EXPECT_EQ(bounded->get_output_partial_shape(0), PartialShape("[2,1..3]"));
  EXPECT_EQ(bounded->get_output_element_type(1), element::i32);
  auto runtime_k = std::make_shared<v11::TopK>(param(element::i8, PartialShape("[?,6]")), param(element::i32, Shape{}),
                                               1, TopKMode::MAX, TopKSortType::SORT_VALUES);
  EXPECT_EQ(runtime_k->get_output_partial_shape(0), PartialShape("[?,0..6]"));
  auto dynamic = std::make_shared<v11::TopK>(param(element::f32, PartialShape::dynamic()), k_constant(1), 3,
                                             TopKMode::MAX, TopKSortType::SORT_VALUES);
  EXPECT_EQ(dynamic->get_output_partial_shape(1), PartialShape::dynamic());
}

TEST(TopKOp, ErrorsNameTheNodeAndCause) {
  EXPECT_THROW_WITH(std::make_shared<v11::TopK>(param(element::f32, Shape{2, 3}), k_constant(1), 2, TopKMode::MAX,
                                                TopKSortType::NONE),
                    "TopK '", "axis 2 is out of range");
  EXPECT_THROW_WITH(std::make_shared<v11::TopK>(param(element::f32, Shape{2, 3}), k_constant(-1), 1, TopKMode::MAX,
                                                TopKSortType::NONE),
                    "k must be non-negative");
  EXPECT_THROW_WITH(std::make_shared<v11::TopK>(param(element::f32, Shape{2, 3}), param(element::f32, Shape{}), 1,
                                                TopKMode::MAX, TopKSortType::NONE),
                    "k must be an integer");
  EXPECT_THROW_WITH(std::make_shared<v11::TopK>(param(element::f32, Shape{3}), k_constant(1), 0, TopKMode::MAX,
                                                TopKSortType::NONE, element::f32),
                    "index_element_type must be i32 or i64");
  EXPECT_THROW_WITH(std::make_shared<v11::TopK>(param(element::boolean, Shape{3}), k_constant(1), 0, TopKMode::MAX,
                                                TopKSortType::NONE),
                    "must be numeric");
  EXPECT_THROW_WITH(std::make_shared<v11::TopK>(param(element::f32, Shape{3}), param(element::i64, Shape{2}), 0,
                                                TopKMode::MAX, TopKSortType::NONE),
                    "k must be a scalar");
}

TEST(TopKOp, LargestAlongInnerAxisWithTiesKeepingLowerIndex) {
  auto topk = std::make_shared<v11::TopK>(param(element::f32, PartialShape::dynamic()), param(element::i64, Shape{}), 1,
                                          TopKMode::MAX, TopKSortType::SORT_VALUES, element::i64);
  const auto out = run(topk, {make_tensor(element::f32, {2, 4}, std::vector<float>{1, 5, 3, 5, -1, -2, 7, 0}),
                              make_tensor(element::i64, {}, std::vector<int64_t>{3})});
  EXPECT_EQ(out[0].get_shape(), (Shape{2, 3}));
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{5, 5, 3, 7, 0, -1}));
  EXPECT_EQ(values_of<int64_t>(out[1]), (std::vector<int64_t>{1, 3, 2, 2, 3, 0}));
}

TEST(TopKOp, SmallestAlongOuterAxisSortedByIndex) {
  // data [3,2]: columns {4,1,2} and {0,9,-3}; the 2 smallest of each, in index order.
  auto topk = std::make_shared<v11::TopK>(param(element::i32, Shape{3, 2}), k_constant(2), 0, TopKMode::MIN,
                                          TopKSortType::SORT_INDICES, element::i32);
  const auto out = run(topk, {make_tensor(element::i32, {3, 2}, std::vector<int32_t>{4, 0, 1, 9, 2, -3}),
                              make_tensor(element::i64, {}, std::vector<int64_t>{2})});
  EXPECT_EQ(values_of<int32_t>(out[0]), (std::vector<int32_t>{1, 0, 2, -3}));
  EXPECT_EQ(values_of<int32_t>(out[1]), (std::vector<int32_t>{1, 0, 2, 2}));
}

TEST(TopKOp, HalfPrecisionUnsignedAndOversizedK) {
  auto topk = std::make_shared<v11::TopK>(param(element::f16, Shape{3}), param(element::i32, Shape{}), 0, TopKMode::MAX,
                                          TopKSortType::SORT_VALUES, element::i64);
  const auto out = run(topk, {make_tensor(element::f16, {3}, std::vector<float16>{0.5f, 2.0f, -1.0f}),
                              make_tensor(element::i32, {}, std::vector<int32_t>{10})});
  ASSERT_EQ(out[0].get_shape(), (Shape{3}));
  const auto values = values_of<float16>(out[0]);
  EXPECT_EQ(static_cast<float>(values[0]), 2.0f);
  EXPECT_EQ(static_cast<float>(values[2]), -1.0f);
  EXPECT_EQ(values_of<int64_t>(out[1]), (std::vector<int64_t>{1, 0, 2}));
  auto bytes = std::make_shared<v11::TopK>(param(element::u8, Shape{4}), k_constant(1), 0, TopKMode::MAX,
                                           TopKSortType::SORT_VALUES);
  const auto top = run(bytes, {make_tensor(element::u8, {4}, std::vector<uint8_t>{7, 200, 3, 200}),
                               make_tensor(element::i64, {}, std::vector<int64_t>{1})});
  EXPECT_EQ(values_of<uint8_t>(top[0]), (std::vector<uint8_t>{200}));
  EXPECT_EQ(values_of<int32_t>(top[1]), (std::vector<int32_t>{1}));
}

TEST(TopKOp, NanRanksHighestAndRuntimeErrors) {
  auto topk = std::make_shared<v11::TopK>(param(element::f32, Shape{3}), param(element::i64, Shape{}), 0, TopKMode::MIN,
                                          TopKSortType::SORT_VALUES, element::i64);
  const auto out = run(topk, {make_tensor(element::f32, {3}, std::vector<float>{NAN, 1, 2}),
                              make_tensor(element::i64, {}, std::vector<int64_t>{3})});
  EXPECT_EQ(values_of<int64_t>(out[1]), (std::vector<int64_t>{1, 2, 0}));
  EXPECT_THROW_WITH(run(topk, {make_tensor(element::f32, {3}, std::vector<float>{0, 1, 2}),
                               make_tensor(element::i64, {}, std::vector<int64_t>{-2})}),
                    "TopK '", "k must be one non-negative integer");
}

TEST(TopKOp, CloneAndAttributes) {
  auto topk = std::make_shared<v11::TopK>(param(element::f32, Shape{2, 3}), k_constant(2), -1, TopKMode::MIN,
                                          TopKSortType::SORT_INDICES, element::i64, true);
  auto clone = std::dynamic_pointer_cast<v11::TopK>(topk->clone_with_new_inputs(topk->input_values()));
  ASSERT_TRUE(clone);
  EXPECT_EQ(clone->get_axis(), -1);
  EXPECT_EQ(clone->get_mode(), TopKMode::MIN);
  EXPECT_EQ(clone->get_sort_type(), TopKSortType::SORT_INDICES);
  EXPECT_TRUE(clone->get_stable());
  EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape("[2,2]"));
  EXPECT_EQ(enum_to_string(TopKSortType::SORT_VALUES), "value");
  EXPECT_EQ(enum_from_string<TopKMode>("MIN", "mode"), TopKMode::MIN);
}

}  // namespace
}  // namespace ferry
