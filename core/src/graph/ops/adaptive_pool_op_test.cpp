#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/adaptive_pool.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::shared_ptr<Node> lengths(const std::vector<int64_t>& values) {
  return v0::Constant::create(element::i64, Shape{values.size()}, values);
}
Tensor length_tensor(const std::vector<int64_t>& values) { return make_tensor(element::i64, {values.size()}, values); }

TEST(AdaptivePoolOps, OverlappingBinsIn1D) {
  // 5 -> 3: bins [0, 2), [1, 4), [3, 5).
  const Tensor data = make_tensor(element::f32, {1, 1, 5}, std::vector<float>{1, 2, 3, 4, 5});
  auto avg = std::make_shared<v8::AdaptiveAvgPool>(param(element::f32, Shape{1, 1, 5}), lengths({3}));
  EXPECT_EQ(values_of<float>(run(avg, {data, length_tensor({3})})[0]), (std::vector<float>{1.5f, 3, 4.5f}));
  auto max = std::make_shared<v8::AdaptiveMaxPool>(param(element::f32, Shape{1, 1, 5}), lengths({3}));
  const auto out = run(max, {data, length_tensor({3})});
  EXPECT_EQ(values_of<float>(out[0]), (std::vector<float>{2, 4, 5}));
  EXPECT_EQ(values_of<int64_t>(out[1]), (std::vector<int64_t>{1, 3, 4}));
}

TEST(AdaptivePoolOps, TwoDimensionsChannelsAndUpsampling) {
  // Two channels of 2x2 pooled to 1x1, and 2 -> 3 along one axis: bins {0}, {0, 1}, {1}.
  auto max =
      std::make_shared<v8::AdaptiveMaxPool>(param(element::i32, Shape{1, 2, 2, 2}), lengths({1, 1}), element::i32);
  const auto out = run(max, {make_tensor(element::i32, {1, 2, 2, 2}, std::vector<int32_t>{1, 7, 3, 4, 9, 2, 9, 0}),
                             length_tensor({1, 1})});
  EXPECT_EQ(values_of<int32_t>(out[0]), (std::vector<int32_t>{7, 9}));
  EXPECT_EQ(values_of<int32_t>(out[1]), (std::vector<int32_t>{1, 0}));
  auto avg = std::make_shared<v8::AdaptiveAvgPool>(param(element::f16, Shape{1, 1, 2}), lengths({3}));
  const auto up = values_of<float16>(
      run(avg, {make_tensor(element::f16, {1, 1, 2}, std::vector<float16>{2.0f, 4.0f}), length_tensor({3})})[0]);
  ASSERT_EQ(up.size(), 3u);
  EXPECT_EQ(static_cast<float>(up[0]), 2.0f);
  EXPECT_EQ(static_cast<float>(up[1]), 3.0f);
  EXPECT_EQ(static_cast<float>(up[2]), 4.0f);
}

TEST(AdaptivePoolOps, ShapeInference) {
  auto avg = std::make_shared<v8::AdaptiveAvgPool>(param(element::f32, PartialShape("[?,3,1..9,8]")), lengths({4, 2}));
  EXPECT_EQ(avg->get_output_partial_shape(0), PartialShape("[?,3,4,2]"));
  EXPECT_STREQ(avg->get_type_info().version_id, "opset8");
  auto runtime =
      std::make_shared<v8::AdaptiveMaxPool>(param(element::u8, PartialShape("[2,3,5]")), param(element::i32, Shape{1}));
  EXPECT_EQ(runtime->get_output_partial_shape(1), PartialShape("[2,3,?]"));
  EXPECT_EQ(runtime->get_output_element_type(1), element::i64);
  auto dynamic = std::make_shared<v8::AdaptiveAvgPool>(param(element::f32, PartialShape::dynamic()), lengths({1}));
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape::dynamic());
  auto clone = runtime->clone_with_new_inputs({param(element::u8, Shape{1, 1, 4}), lengths({2})});
  EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape("[1,1,2]"));
}

TEST(AdaptivePoolOps, ErrorsNameTheNodeAndCause) {
  EXPECT_THROW_WITH(std::make_shared<v8::AdaptiveAvgPool>(param(element::i32, Shape{1, 1, 4}), lengths({2})),
                    "AdaptiveAvgPool '", "real type");
  EXPECT_THROW_WITH(std::make_shared<v8::AdaptiveAvgPool>(param(element::f32, Shape{1, 1, 4}), lengths({2, 2})),
                    "output_shape needs 1 entries");
  EXPECT_THROW_WITH(std::make_shared<v8::AdaptiveMaxPool>(param(element::f32, Shape{4, 4}), lengths({2})),
                    "AdaptiveMaxPool '", "rank 3 to 5");
  EXPECT_THROW_WITH(
      std::make_shared<v8::AdaptiveMaxPool>(param(element::f32, Shape{1, 1, 4}), lengths({2}), element::f32),
      "index_element_type must be i32 or i64");
  auto avg = std::make_shared<v8::AdaptiveAvgPool>(param(element::f32, PartialShape::dynamic()),
                                                   param(element::i64, Shape{1}));
  EXPECT_THROW_WITH(
      run(avg, {make_tensor(element::f32, {1, 1, 4}, std::vector<float>{1, 2, 3, 4}), length_tensor({-1})}),
      "output_shape must be non-negative");
}

}  // namespace
}  // namespace ferry
