#include "ferry/graph/ops/einsum.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v7::Einsum;

PartialShape infer(const std::string& equation, const std::vector<const char*>& shapes) {
  OutputVector inputs;
  for (const char* s : shapes) inputs.push_back(param(element::f32, PartialShape(s)));
  return std::make_shared<Einsum>(inputs, equation)->get_output_partial_shape(0);
}

TEST(Einsum, ParsesExplicitAndImplicitOutputs) {
  std::vector<std::string> in;
  std::string out;
  Einsum::parse_equation("ij, jk -> ik", in, out);
  EXPECT_EQ(in, (std::vector<std::string>{"ij", "jk"}));
  EXPECT_EQ(out, "ik");
  Einsum::parse_equation("ba,ca", in, out);
  EXPECT_EQ(out, "bc");
  Einsum::parse_equation("...ij,...jk", in, out);
  EXPECT_EQ(out, "...ik");
  Einsum::parse_equation("ii", in, out);
  EXPECT_EQ(out, "");
  EXPECT_THROW_WITH(Einsum::parse_equation("ij->ii", in, out), "output label 'i' repeats");
  EXPECT_THROW_WITH(Einsum::parse_equation("ij->k", in, out), "'k' is in no input");
  EXPECT_THROW_WITH(Einsum::parse_equation("i..j->ij", in, out), "malformed ellipsis");
  EXPECT_THROW_WITH(Einsum::parse_equation("i1->i", in, out), "not a letter");
  EXPECT_THROW_WITH(Einsum::parse_equation("ij->...", in, out), "no input has");
}

TEST(Einsum, PlansTheLoopWithDiagonalAndBroadcastStrides) {
  // "ij,jk->ik" on [2,3] x [3,4]: loop (i, k, j); strides per input over that loop.
  Einsum::Loop loop = Einsum::plan_loop({"ij", "jk"}, "ik", {Shape{2, 3}, Shape{3, 4}});
  EXPECT_EQ(loop.sizes, (std::vector<size_t>{2, 4, 3}));
  EXPECT_EQ(loop.output_axes, 2u);
  EXPECT_EQ(loop.strides, (std::vector<std::vector<size_t>>{{3, 0, 1}, {0, 1, 4}}));
  // A repeated label walks the diagonal: "ii->i" on [3,3] steps by 3 + 1.
  loop = Einsum::plan_loop({"ii"}, "i", {Shape{3, 3}});
  EXPECT_EQ(loop.strides, (std::vector<std::vector<size_t>>{{4}}));
  // A length-1 "..." axis broadcast against 5 stays put (stride 0).
  loop = Einsum::plan_loop({"...i", "...i"}, "...i", {Shape{1, 2}, Shape{5, 2}});
  EXPECT_EQ(loop.sizes, (std::vector<size_t>{5, 2}));
  EXPECT_EQ(loop.strides, (std::vector<std::vector<size_t>>{{0, 1}, {2, 1}}));
  EXPECT_THROW_WITH(Einsum::plan_loop({"ij", "jk"}, "ik", {Shape{2, 3}, Shape{2, 4}}), "axis 0 of input 1",
                    "has length 2, expected 3");
  EXPECT_THROW_WITH(Einsum::plan_loop({"ij"}, "i", {Shape{2, 3, 4}}), "input 0", "does not match 'ij'");
}

TEST(Einsum, ShapeInference) {
  EXPECT_EQ(infer("ij,jk->ik", {"[2,3]", "[3,4]"}), PartialShape("[2,4]"));
  EXPECT_EQ(infer("bij,bjk->bik", {"[?,3,2..5]", "[7,?,4]"}), PartialShape("[7,3,4]"));
  EXPECT_EQ(infer("...ii->...i", {"[5,2,3,3]"}), PartialShape("[5,2,3]"));
  EXPECT_EQ(infer("...ij,...jk", {"[2,1,3,4]", "[5,4,6]"}), PartialShape("[2,5,3,6]"));
  EXPECT_EQ(infer("ij->", {"[2,3]"}), PartialShape("[]"));
  EXPECT_EQ(infer("i,j->ij", {"[...]", "[4]"}), PartialShape("[?,4]"));
  EXPECT_EQ(infer("...i->...", {"[...]"}), PartialShape::dynamic());
  EXPECT_THROW_WITH(infer("ij,jk->ik", {"[2,3]", "[4,5]"}), "Einsum", "label 'j'");
  EXPECT_THROW_WITH(infer("ij->i", {"[2,3,4]"}), "does not have the 2 axes");
  EXPECT_THROW_WITH(infer("ij,jk->ik", {"[2,3]"}), "2 input terms for 1 inputs");
  EXPECT_THROW_WITH(infer("...i,...i->...", {"[2,3]", "[4,3]"}), "do not broadcast");
}

Tensor f32(const Shape& shape, const std::vector<float>& v) { return make_tensor(element::f32, shape, v); }

std::vector<float> eval(const std::string& equation, const TensorVector& inputs, Shape* shape = nullptr) {
  OutputVector params;
  for (size_t i = 0; i < inputs.size(); ++i) params.push_back(param(element::f32, PartialShape::dynamic()));
  const auto out = run(std::make_shared<Einsum>(params, equation), inputs)[0];
  if (shape) *shape = out.get_shape();
  return values_of<float>(out);
}

TEST(Einsum, EvaluateTransposeSumProducts) {
  const auto a = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  Shape shape;
  EXPECT_EQ(eval("ij->ji", {a}, &shape), (std::vector<float>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(shape, (Shape{3, 2}));
  EXPECT_EQ(eval("ij->i", {a}), (std::vector<float>{6, 15}));
  EXPECT_EQ(eval("ij->", {a}), (std::vector<float>{21}));
  EXPECT_EQ(eval("i,i", {f32({3}, {1, 2, 3}), f32({3}, {4, 5, 6})}), (std::vector<float>{32}));  // inner
  EXPECT_EQ(eval("i,j->ij", {f32({2}, {1, 2}), f32({3}, {3, 4, 5})}), (std::vector<float>{3, 4, 5, 6, 8, 10}));
  // [2,3] x [3,2]: rows (1,2,3),(4,5,6) times columns (1,0,1),(0,1,1)
  EXPECT_EQ(eval("ij,jk", {a, f32({3, 2}, {1, 0, 0, 1, 1, 1})}), (std::vector<float>{4, 5, 10, 11}));
}

TEST(Einsum, EvaluateBatchMatmulDiagonalAndEllipsisBroadcast) {
  // Two batches of [1,2] x [2,1].
  EXPECT_EQ(eval("bij,bjk->bik", {f32({2, 1, 2}, {1, 2, 3, 4}), f32({2, 2, 1}, {5, 6, 7, 8})}),
            (std::vector<float>{17, 53}));
  // Diagonals of two 2x2 matrices.
  Shape shape;
  EXPECT_EQ(eval("...ii->...i", {f32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})}, &shape), (std::vector<float>{1, 4, 5, 8}));
  EXPECT_EQ(shape, (Shape{2, 2}));
  EXPECT_EQ(eval("ii", {f32({2, 2}, {1, 2, 3, 4})}), (std::vector<float>{5}));  // trace
  // "..." of [2,1] broadcasts against [3]: out[b,c] = x[b] * y[c] summed over i of length 1
  EXPECT_EQ(eval("...i,...i->...", {f32({2, 1, 1}, {2, 3}), f32({3, 1}, {1, 10, 100})}, &shape),
            (std::vector<float>{2, 20, 200, 3, 30, 300}));
  EXPECT_EQ(shape, (Shape{2, 3}));
  EXPECT_THROW_WITH(eval("ij,jk", {f32({2, 3}, {1, 2, 3, 4, 5, 6}), f32({2, 2}, {1, 2, 3, 4})}), "length 2",
                    "expected 3");
}

TEST(Einsum, EvaluateIntegersAndHalf) {
  auto p = param(element::i32, PartialShape::dynamic());
  const auto out = run(std::make_shared<Einsum>(OutputVector{p, p}, "ij,j->i"),
                       {make_tensor(element::i32, {2, 2}, std::vector<int32_t>{1, -2, 3, 4}),
                        make_tensor(element::i32, {2}, std::vector<int32_t>{5, 6})})[0];
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{-7, 39}));
  auto h = param(element::f16, PartialShape::dynamic());
  const auto half =
      run(std::make_shared<Einsum>(OutputVector{h}, "i->"),
          {make_tensor(element::f16, {3}, std::vector<float16>{float16(0.5f), float16(1.f), float16(2.f)})})[0];
  EXPECT_EQ(float(values_of<float16>(half)[0]), 3.5f);
}

}  // namespace
}  // namespace ferry
