#include "ferry/graph/ops/softmax.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

TEST(Softmax, ShapeInferenceAndAxisChecks) {
  auto x = param(element::f32, PartialShape("[2,?,1..3]"));
  EXPECT_EQ(std::make_shared<v1::Softmax>(x, 2)->get_output_partial_shape(0), PartialShape("[2,?,1..3]"));
  EXPECT_EQ(std::make_shared<v8::Softmax>(x, -3)->get_output_partial_shape(0), PartialShape("[2,?,1..3]"));
  EXPECT_THROW_WITH(std::make_shared<v1::Softmax>(x, 3), "Softmax '", "(opset1)", "axis 3");
  EXPECT_THROW_WITH(std::make_shared<v1::Softmax>(x, -1), "Softmax '", "non-negative");
  EXPECT_THROW_WITH(std::make_shared<v8::Softmax>(x, -4), "Softmax '", "(opset8)", "axis -4");
  EXPECT_THROW_WITH(std::make_shared<v8::Softmax>(param(element::i32, Shape{2})), "real");
  EXPECT_NO_THROW(std::make_shared<v8::Softmax>(param(element::f32, PartialShape::dynamic()), 7));  // rank unknown
}

TEST(Softmax, EvaluateAlongEachAxis) {
  // [2,3] with a large value that would overflow exp without the max shift.
  const std::vector<float> x = {1, 2, 3, 1000, 1000, 1001};
  auto p = param(element::f32, PartialShape::dynamic());
  auto rows = values_of<float>(run(std::make_shared<v8::Softmax>(p, -1), {make_tensor(element::f32, {2, 3}, x)})[0]);
  const double e1 = std::exp(-2.0), e2 = std::exp(-1.0);
  EXPECT_NEAR(rows[0], e1 / (e1 + e2 + 1), 1e-6);
  EXPECT_NEAR(rows[1], e2 / (e1 + e2 + 1), 1e-6);
  EXPECT_NEAR(rows[2], 1 / (e1 + e2 + 1), 1e-6);
  EXPECT_NEAR(rows[3], 1 / (2 + std::exp(1.0)), 1e-6);
  EXPECT_NEAR(rows[5], std::exp(1.0) / (2 + std::exp(1.0)), 1e-6);
  auto cols = values_of<float>(run(std::make_shared<v1::Softmax>(p, 0), {make_tensor(element::f32, {2, 3}, x)})[0]);
  for (size_t j = 0; j < 3; ++j) {
    EXPECT_NEAR(cols[j], 0.0, 1e-6);  // e^(x - 1000) is negligible
    EXPECT_NEAR(cols[3 + j], 1.0, 1e-6);
  }
}

TEST(Softmax, HalfAndDouble) {
  auto h = param(element::f16, PartialShape::dynamic());
  auto out = values_of<float16>(
      run(std::make_shared<v8::Softmax>(h, 0), {make_tensor(element::f16, {2}, std::vector<float16>{0.f, 0.f})})[0]);
  EXPECT_EQ(float(out[0]), 0.5f);
  auto d = param(element::f64, PartialShape::dynamic());
  auto dd = values_of<double>(run(std::make_shared<v8::Softmax>(d, 1),
                                  {make_tensor(element::f64, {1, 2}, std::vector<double>{0, std::log(3.0)})})[0]);
  EXPECT_NEAR(dd[0], 0.25, 1e-12);
  EXPECT_NEAR(dd[1], 0.75, 1e-12);
}

}  // namespace
}  // namespace ferry
