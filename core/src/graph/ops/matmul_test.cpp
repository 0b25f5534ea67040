#include "ferry/graph/ops/matmul.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::MatMul;

PartialShape infer(const char* a, const char* b, bool ta = false, bool tb = false) {
  return std::make_shared<MatMul>(param(element::f32, PartialShape(a)), param(element::f32, PartialShape(b)), ta, tb)
      ->get_output_partial_shape(0);
}

TEST(MatMul, ShapeInference) {
  EXPECT_EQ(infer("[2,3]", "[3,4]"), PartialShape("[2,4]"));
  EXPECT_EQ(infer("[3,2]", "[4,3]", true, true), PartialShape("[2,4]"));
  EXPECT_EQ(infer("[3]", "[3,4]"), PartialShape("[4]"));
  EXPECT_EQ(infer("[2,3]", "[3]"), PartialShape("[2]"));
  EXPECT_EQ(infer("[3]", "[3]"), PartialShape("[]"));
  EXPECT_EQ(infer("[3]", "[3]", true, true), PartialShape("[]"));  // transposes ignored for 1-D
  EXPECT_EQ(infer("[5,1,2,3]", "[4,3,6]"), PartialShape("[5,4,2,6]"));
  EXPECT_EQ(infer("[?,2..4,3]", "[3,?]"), PartialShape("[?,2..4,?]"));
  EXPECT_EQ(infer("[...]", "[3,4]"), PartialShape::dynamic());
  EXPECT_EQ(infer("[2,?]", "[5,4]"), PartialShape("[2,4]"));
}

TEST(MatMul, ShapeErrorsNameTheNode) {
  auto a = param(element::f32, PartialShape("[2,3]"));
  EXPECT_THROW_WITH(std::make_shared<MatMul>(a, param(element::f32, PartialShape("[4,5]"))), "MatMul '",
                    "inner dimensions", "3", "4");
  EXPECT_THROW_WITH(std::make_shared<MatMul>(param(element::f32, PartialShape("[2,2,3]")),
                                             param(element::f32, PartialShape("[3,3,4]"))),
                    "batch dimensions");
  EXPECT_THROW_WITH(std::make_shared<MatMul>(a, param(element::i32, PartialShape("[3,4]"))), "f32 and i32");
}

// A naive product written independently: indexes op(A)[m][k] explicitly.
std::vector<float> naive(const std::vector<float>& a, const std::vector<float>& b, size_t M, size_t K, size_t N,
                         bool ta, bool tb) {
  std::vector<float> c(M * N, 0.f);
  for (size_t m = 0; m < M; ++m)
    for (size_t n = 0; n < N; ++n)
      for (size_t k = 0; k < K; ++k) {
        const float x = ta ? a[k * M + m] : a[m * K + k];
        const float y = tb ? b[n * K + k] : b[k * N + n];
        c[m * N + n] += x * y;
      }
  return c;
}

TEST(MatMul, EvaluateTransposesAndBatchBroadcast) {
  auto p = param(element::f32, PartialShape::dynamic());
  const std::vector<float> a = {1, 2, 3, 4, 5, 6};                             // [2,3]
  const std::vector<float> b = {7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};  // [3,4]
  auto plain = run(std::make_shared<MatMul>(p, p),
                   {make_tensor(element::f32, {2, 3}, a), make_tensor(element::f32, {3, 4}, b)})[0];
  EXPECT_EQ(plain.get_shape(), (Shape{2, 4}));
  EXPECT_EQ(values_of<float>(plain), (std::vector<float>{74, 80, 86, 92, 173, 188, 203, 218}));  // by hand
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      const Shape as = ta ? Shape{3, 2} : Shape{2, 3}, bs = tb ? Shape{4, 3} : Shape{3, 4};
      auto out = run(std::make_shared<MatMul>(p, p, ta, tb),
                     {make_tensor(element::f32, as, a), make_tensor(element::f32, bs, b)})[0];
      EXPECT_EQ(values_of<float>(out), naive(a, b, 2, 3, 4, ta, tb)) << ta << tb;
    }
  }
  // [2,1,2,3] x [3,3,4]: batch broadcasts to [2,3]; each (i, j) multiplies A[i] by B[j].
  std::vector<float> a4(12), b3(36);
  for (size_t i = 0; i < a4.size(); ++i) a4[i] = float(i % 7) - 3;
  for (size_t i = 0; i < b3.size(); ++i) b3[i] = float(i % 5) * 0.5f;
  auto out = run(std::make_shared<MatMul>(p, p),
                 {make_tensor(element::f32, {2, 1, 2, 3}, a4), make_tensor(element::f32, {3, 3, 4}, b3)})[0];
  ASSERT_EQ(out.get_shape(), (Shape{2, 3, 2, 4}));
  const auto got = values_of<float>(out);
  for (size_t i = 0; i < 2; ++i)
    for (size_t j = 0; j < 3; ++j) {
      const auto expected =
          naive(std::vector<float>(a4.begin() + i * 6, a4.begin() + i * 6 + 6),
                std::vector<float>(b3.begin() + j * 12, b3.begin() + j * 12 + 12), 2, 3, 4, false, false);
      for (size_t k = 0; k < 8; ++k) EXPECT_FLOAT_EQ(got[(i * 3 + j) * 8 + k], expected[k]);
    }
}

TEST(MatMul, EvaluateVectorsAndOtherTypes) {
  auto p = param(element::i32, PartialShape::dynamic());
  const auto v = make_tensor(element::i32, {3}, std::vector<int32_t>{1, 2, 3});
  const auto m = make_tensor(element::i32, {3, 2}, std::vector<int32_t>{1, 2, 3, 4, 5, 6});
  auto vm = run(std::make_shared<MatMul>(p, p), {v, m})[0];
  EXPECT_EQ(vm.get_shape(), (Shape{2}));
  EXPECT_EQ(values_of<int32_t>(vm), (std::vector<int32_t>{22, 28}));
  auto dot = run(std::make_shared<MatMul>(p, p), {v, v})[0];
  EXPECT_EQ(dot.get_shape(), Shape{});
  EXPECT_EQ(values_of<int32_t>(dot), (std::vector<int32_t>{14}));
  auto h = param(element::f16, PartialShape::dynamic());
  auto half = run(std::make_shared<MatMul>(h, h, false, true),
                  {make_tensor(element::f16, {1, 2}, std::vector<float16>{0.5f, 2.f}),
                   make_tensor(element::f16, {1, 2}, std::vector<float16>{4.f, 0.25f})})[0];
  EXPECT_EQ(float(values_of<float16>(half)[0]), 2.5f);
  EXPECT_THROW_WITH(
      run(std::make_shared<MatMul>(p, p), {v, make_tensor(element::i32, {2}, std::vector<int32_t>{1, 2})}), "MatMul '",
      "inner dimensions");
}

}  // namespace
}  // namespace ferry
