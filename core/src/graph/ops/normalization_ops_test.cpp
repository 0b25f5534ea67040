// LogSoftmax-5, MVN-6, NormalizeL2-0 and LRN-0 against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/log_softmax.hpp"
#include "ferry/graph/ops/lrn.hpp"
#include "ferry/graph/ops/mvn.hpp"
#include "ferry/graph/ops/normalize_l2.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

std::shared_ptr<Node> axes(std::vector<int64_t> values) {
  return Constant::create<int64_t>(element::i64, Shape{values.size()}, values);
}

TEST(LogSoftmax, Evaluate) {
  auto node = std::make_shared<op::v5::LogSoftmax>(param(element::f32, PartialShape::dynamic()), -1);
  const auto out =
      values_of<float>(run(node, {make_tensor(element::f32, {2, 2}, std::vector<float>{0, 0, 1000, 1001})})[0]);
  EXPECT_NEAR(out[0], -std::log(2.0), 1e-6);
  EXPECT_NEAR(out[1], -std::log(2.0), 1e-6);
  // Large inputs do not overflow: 1000 - (1001 + log(1 + e^-1)).
  EXPECT_NEAR(out[2], -1.0 - std::log1p(std::exp(-1.0)), 1e-4);
  EXPECT_NEAR(out[3], -std::log1p(std::exp(-1.0)), 1e-4);
  auto axis0 = std::make_shared<op::v5::LogSoftmax>(param(element::f64, PartialShape::dynamic()), 0);
  const auto d = values_of<double>(run(axis0, {make_tensor(element::f64, {2, 1}, std::vector<double>{1, 1})})[0]);
  EXPECT_DOUBLE_EQ(d[0], -std::log(2.0));
  auto half = std::make_shared<op::v5::LogSoftmax>(param(element::f16, PartialShape::dynamic()), 0);
  const auto h = values_of<float16>(run(half, {make_tensor(element::f16, {2}, std::vector<float16>{0.0f, 0.0f})})[0]);
  EXPECT_NEAR(float(h[1]), -0.6931f, 1e-3);
}

TEST(LogSoftmax, ShapesAndErrors) {
  auto node = std::make_shared<op::v5::LogSoftmax>(param(element::f32, PartialShape("[2,?,1..4]")), -2);
  EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[2,?,1..4]"));
  EXPECT_THROW_WITH(std::make_shared<op::v5::LogSoftmax>(param(element::f32, Shape{2, 3}), 2), "LogSoftmax", "axis 2");
  EXPECT_THROW_WITH(std::make_shared<op::v5::LogSoftmax>(param(element::i32, Shape{2}), 0), "must be real");
  EXPECT_EQ(node->clone_with_new_inputs({param(element::f32, Shape{3, 4})})->get_output_partial_shape(0),
            PartialShape("[3,4]"));
}

TEST(MVN, Evaluate) {
  // Rows [1,3] and [2,6]: mean 2 and 4, variance 1 and 4.
  const auto x = make_tensor(element::f32, {2, 2}, std::vector<float>{1, 3, 2, 6});
  auto inside = std::make_shared<op::v6::MVN>(param(element::f32, PartialShape::dynamic()), axes({1}), true, 0.0f,
                                              op::MVNEpsMode::INSIDE_SQRT);
  EXPECT_EQ(values_of<float>(run(inside, {x, make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0]),
            (std::vector<float>{-1, 1, -1, 1}));
  auto outside = std::make_shared<op::v6::MVN>(param(element::f32, PartialShape::dynamic()), axes({-1}), true, 1.0f,
                                               op::MVNEpsMode::OUTSIDE_SQRT);
  EXPECT_EQ(values_of<float>(run(outside, {x, make_tensor(element::i64, {1}, std::vector<int64_t>{-1})})[0]),
            (std::vector<float>{-0.5f, 0.5f, -2.0f / 3, 2.0f / 3}));
  auto eps_inside = std::make_shared<op::v6::MVN>(param(element::f32, PartialShape::dynamic()), axes({1}), true, 3.0f,
                                                  op::MVNEpsMode::INSIDE_SQRT);
  EXPECT_EQ(values_of<float>(run(eps_inside, {x, make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0])[0],
            -0.5f);
  auto centre = std::make_shared<op::v6::MVN>(param(element::f32, PartialShape::dynamic()), axes({0, 1}), false, 0.0f,
                                              op::MVNEpsMode::INSIDE_SQRT);
  EXPECT_EQ(values_of<float>(run(centre, {x, make_tensor(element::i64, {2}, std::vector<int64_t>{0, 1})})[0]),
            (std::vector<float>{-2, 0, -1, 3}));
}

TEST(MVN, ShapesAndErrors) {
  auto node = std::make_shared<op::v6::MVN>(param(element::f32, PartialShape("[?,3,2..5]")), axes({2}), true, 1e-5f,
                                            op::MVNEpsMode::INSIDE_SQRT);
  EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[?,3,2..5]"));
  EXPECT_EQ(node->get_type_info().version_id, std::string("opset6"));
  EXPECT_THROW_WITH(std::make_shared<op::v6::MVN>(param(element::f32, Shape{2, 3}), axes({2}), true, 0.0f,
                                                  op::MVNEpsMode::INSIDE_SQRT),
                    "MVN", "axes entry 2");
  EXPECT_THROW_WITH(
      std::make_shared<op::v6::MVN>(param(element::i32, Shape{2}), axes({0}), true, 0.0f, op::MVNEpsMode::INSIDE_SQRT),
      "must be real");
  EXPECT_THROW_WITH(std::make_shared<op::v6::MVN>(param(element::f32, Shape{2}), param(element::f32, Shape{1}), true,
                                                  0.0f, op::MVNEpsMode::INSIDE_SQRT),
                    "integer tensor");
}

TEST(NormalizeL2, Evaluate) {
  const auto x = make_tensor(element::f32, {2, 2}, std::vector<float>{3, 4, 0, 0});
  auto add = std::make_shared<op::v0::NormalizeL2>(param(element::f32, PartialShape::dynamic()), axes({1}), 0.0f,
                                                   op::EpsMode::ADD);
  auto out = values_of<float>(run(add, {x, make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0]);
  EXPECT_FLOAT_EQ(out[0], 0.6f);
  EXPECT_FLOAT_EQ(out[1], 0.8f);
  EXPECT_TRUE(std::isnan(out[2]));  // 0 / 0 with no epsilon
  auto max = std::make_shared<op::v0::NormalizeL2>(param(element::f32, PartialShape::dynamic()), axes({1}), 100.0f,
                                                   op::EpsMode::MAX);
  out = values_of<float>(run(max, {x, make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0]);
  EXPECT_FLOAT_EQ(out[0], 0.3f);  // sqrt(max(25, 100)) = 10
  EXPECT_FLOAT_EQ(out[2], 0.0f);
  auto all = std::make_shared<op::v0::NormalizeL2>(param(element::f64, PartialShape::dynamic()), axes({0, 1}), 0.0f,
                                                   op::EpsMode::ADD);
  const auto d = values_of<double>(run(all, {make_tensor(element::f64, {2, 2}, std::vector<double>{3, 0, 0, 4}),
                                             make_tensor(element::i64, {2}, std::vector<int64_t>{0, 1})})[0]);
  EXPECT_DOUBLE_EQ(d[3], 0.8);
}

TEST(NormalizeL2, ShapesAndErrors) {
  auto node = std::make_shared<op::v0::NormalizeL2>(param(element::f16, PartialShape::dynamic()), axes({1}), 1e-6f,
                                                    op::EpsMode::MAX);
  EXPECT_TRUE(node->get_output_partial_shape(0).rank().is_dynamic());
  EXPECT_THROW_WITH(
      std::make_shared<op::v0::NormalizeL2>(param(element::f32, Shape{2}), axes({-2}), 0.0f, op::EpsMode::ADD),
      "NormalizeL2", "axes entry -2");
  EXPECT_THROW_WITH(
      std::make_shared<op::v0::NormalizeL2>(param(element::f32, Shape{2}), axes({0}), -1.0f, op::EpsMode::ADD),
      "eps must not be negative");
}

TEST(LRN, Evaluate) {
  // [1,3,1]: channels 1, 2, 3; size 3 windows {1,2}, {1,2,3}, {2,3}; alpha 3 / size 3 = 1.
  auto node = std::make_shared<op::v0::LRN>(param(element::f32, PartialShape::dynamic()), axes({1}), 3.0, 0.5, 1.0, 3);
  const auto out = values_of<float>(run(node, {make_tensor(element::f32, {1, 3, 1}, std::vector<float>{1, 2, 3}),
                                               make_tensor(element::i64, {1}, std::vector<int64_t>{1})})[0]);
  EXPECT_FLOAT_EQ(out[0], 1.0f / std::sqrt(6.0f));   // 1 + 1 + 4
  EXPECT_FLOAT_EQ(out[1], 2.0f / std::sqrt(15.0f));  // 1 + 1 + 4 + 9
  EXPECT_FLOAT_EQ(out[2], 3.0f / std::sqrt(14.0f));  // 1 + 4 + 9
  // Two axes, size 2 (window i-0 .. i+1 on each): alpha / 2^2.
  auto square =
      std::make_shared<op::v0::LRN>(param(element::f64, PartialShape::dynamic()), axes({0, 1}), 4.0, 1.0, 0.0, 2);
  const auto d = values_of<double>(run(square, {make_tensor(element::f64, {2, 2}, std::vector<double>{1, 1, 1, 1}),
                                                make_tensor(element::i64, {2}, std::vector<int64_t>{0, 1})})[0]);
  EXPECT_EQ(d, (std::vector<double>{0.25, 0.5, 0.5, 1.0}));
}

TEST(LRN, ShapesAndErrors) {
  auto node =
      std::make_shared<op::v0::LRN>(param(element::f32, PartialShape("[?,3,2..4]")), axes({1}), 1e-4, 0.75, 1.0, 5);
  EXPECT_EQ(node->get_output_partial_shape(0), PartialShape("[?,3,2..4]"));
  EXPECT_THROW_WITH(std::make_shared<op::v0::LRN>(param(element::f32, Shape{2}), axes({0}), 1.0, 1.0, 1.0, 0), "LRN",
                    "size must be positive");
  EXPECT_THROW_WITH(std::make_shared<op::v0::LRN>(param(element::f32, Shape{2}), axes({1}), 1.0, 1.0, 1.0, 1),
                    "axes entry 1");
}

}  // namespace
}  // namespace ferry
