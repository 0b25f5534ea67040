#include "ferry/graph/ops/unary_elementwise.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

TEST(UnaryElementwise, ShapeInference) {
  for (const char* shape : {"[2,3]", "[?,1..4]", "[...]", "[]"}) {
    auto relu = std::make_shared<v0::Relu>(param(element::f16, PartialShape(shape)));
    EXPECT_EQ(relu->get_output_partial_shape(0), PartialShape(shape));
    EXPECT_EQ(relu->get_output_element_type(0), element::f16);
  }
  EXPECT_THROW_WITH(std::make_shared<v0::Exp>(param(element::boolean, Shape{2})), "Exp '", "numeric", "boolean");
}

TEST(UnaryElementwise, FloatKernels) {
  const std::vector<float> x = {-3.f, -0.5f, 0.f, 0.5f, 20.f};
  const auto in = make_tensor(element::f32, {5}, x);
  auto p = param(element::f32, PartialShape::dynamic());
  const auto relu = values_of<float>(run(std::make_shared<v0::Relu>(p), {in})[0]);
  const auto sigmoid = values_of<float>(run(std::make_shared<v0::Sigmoid>(p), {in})[0]);
  const auto tanh = values_of<float>(run(std::make_shared<v0::Tanh>(p), {in})[0]);
  const auto exp = values_of<float>(run(std::make_shared<v0::Exp>(p), {in})[0]);
  EXPECT_EQ(relu, (std::vector<float>{0, 0, 0, 0.5f, 20.f}));
  for (size_t i = 0; i < x.size(); ++i) {
    // Independent formulations: sigmoid(x) = (1 + tanh(x / 2)) / 2; tanh(x) = 2 sigmoid(2x) - 1.
    const double xd = x[i];
    EXPECT_NEAR(sigmoid[i], 0.5 * (1 + std::tanh(xd / 2)), 1e-6);
    EXPECT_NEAR(tanh[i], 2.0 / (1.0 + std::exp(-2 * xd)) - 1.0, 1e-6);
    EXPECT_NEAR(exp[i] / std::pow(2.718281828459045, xd), 1.0, 1e-6);
  }
}

TEST(UnaryElementwise, HalfAndIntegerKernels) {
  auto h = param(element::bf16, PartialShape::dynamic());
  const auto bf = values_of<bfloat16>(
      run(std::make_shared<v0::Sigmoid>(h), {make_tensor(element::bf16, {2}, std::vector<bfloat16>{0.f, 100.f})})[0]);
  EXPECT_EQ(float(bf[0]), 0.5f);
  EXPECT_EQ(float(bf[1]), 1.f);
  auto i = param(element::i32, PartialShape::dynamic());
  const auto in = make_tensor(element::i32, {3}, std::vector<int32_t>{-2, 0, 2});
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Relu>(i), {in})[0]), (std::vector<int32_t>{0, 0, 2}));
  // Integer results are the real function rounded: exp(2) = 7.39 -> 7, tanh(-2) = -0.96 -> -1.
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Exp>(i), {in})[0]), (std::vector<int32_t>{0, 1, 7}));
  EXPECT_EQ(values_of<int32_t>(run(std::make_shared<v0::Tanh>(i), {in})[0]), (std::vector<int32_t>{-1, 0, 1}));
  auto u = param(element::u8, PartialShape::dynamic());
  EXPECT_EQ(values_of<uint8_t>(
                run(std::make_shared<v0::Exp>(u), {make_tensor(element::u8, {1}, std::vector<uint8_t>{10})})[0]),
            (std::vector<uint8_t>{255}));  // saturates
}

}  // namespace
}  // namespace ferry
