// The einsum primitive (Einsum-7) against the core's reference evaluate: matrix products, transpose,
// trace and diagonal, outer product, full reduction, "..." with broadcast batch axes, implicit
// output, three inputs, elementwise products; f16 and the integer types (with wrapping overflow);
// and what query_model claims. f32 cases share one OpenCL program, each other type builds one.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/einsum.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

// f32 accumulates in float on the device, in double in the reference.
constexpr double kF32Tolerance = 1e-5;

std::shared_ptr<Model> einsum_model(const std::string& equation, const std::vector<Shape>& shapes,
                                    const element::Type& type = element::f32) {
  ParameterVector parameters;
  OutputVector inputs;
  for (const Shape& shape : shapes) {
    parameters.push_back(param(shape, type));
    inputs.push_back(parameters.back());
  }
  auto einsum = std::make_shared<op::v7::Einsum>(inputs, equation);
  einsum->set_friendly_name("einsum");
  return model_of(einsum, parameters);
}

void check_f32(const std::string& equation, const std::vector<Shape>& shapes) {
  SCOPED_TRACE(equation);
  auto model = einsum_model(equation, shapes);
  expect_matches_reference(model, random_inputs(model, 17), kF32Tolerance, kF32Tolerance);
}

TEST(GpuEinsumPrimitives, MatrixProducts) {
  check_f32("ij,jk->ik", {{3, 5}, {5, 4}});
  check_f32("bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}});
  check_f32("bij,bkj->bik", {{2, 2, 3}, {2, 4, 3}});
  check_f32("ij,jk,kl->il", {{2, 3}, {3, 4}, {4, 5}});
  check_f32("ij,jk", {{3, 4}, {4, 2}});  // implicit output "ik"
  check_f32("ba,ac", {{3, 4}, {4, 2}});  // implicit output sorts its labels: "bc"
}

TEST(GpuEinsumPrimitives, SingleInputForms) {
  check_f32("ij->ji", {{3, 5}});
  check_f32("ii->", {{4, 4}});   // trace
  check_f32("ii->i", {{4, 4}});  // diagonal
  check_f32("ij->", {{3, 5}});   // full reduction
  check_f32("ijk->kj", {{2, 3, 4}});
  check_f32("iji->j", {{3, 2, 3}});  // a diagonal and a sum over it
  check_f32("ij", {{3, 5}});         // implicit output: a copy
}

TEST(GpuEinsumPrimitives, ProductsWithoutSummation) {
  check_f32("i,j->ij", {{3}, {5}});
  check_f32("ij,ij->ij", {{3, 4}, {3, 4}});
  check_f32("ij,ij->", {{3, 4}, {3, 4}});
  check_f32("i,i,i,i->i", {{6}, {6}, {6}, {6}});
}

TEST(GpuEinsumPrimitives, EllipsisBroadcast) {
  check_f32("...ij,...jk->...ik", {{2, 1, 3, 4}, {3, 4, 5}});  // batch [2,1] with [3]: [2,3]
  check_f32("...ij,...jk->...ik", {{1, 3, 4}, {2, 4, 5}});
  check_f32("...ij,...j->...i", {{2, 3, 4}, {2, 4}});
  check_f32("...ii->...i", {{2, 3, 3}});
  check_f32("...ij->ij", {{2, 3, 3, 4}});          // "..." absent from the output: summed
  check_f32("i...,j...", {{2, 3}, {4, 3}});        // implicit output "...ij"
  check_f32("...ij,jk->...ik", {{3, 4}, {4, 2}});  // "..." of rank 0
}

TEST(GpuEinsumPrimitives, EmptySummationGivesZeros) { check_f32("ij,jk->ik", {{3, 0}, {0, 2}}); }

TEST(GpuEinsumPrimitives, DynamicBatchRunsPerShape) {
  auto a = std::make_shared<Param>(element::f32, PartialShape{Dimension::dynamic(), 2, 3});
  auto b = std::make_shared<Param>(element::f32, PartialShape{3, 4});
  auto model = model_of(std::make_shared<op::v7::Einsum>(OutputVector{a, b}, "...ij,jk->...ik"), {a, b});
  for (size_t batch : {1, 3})
    expect_matches_reference(model,
                             {random_tensor(element::f32, {batch, 2, 3}, 7), random_tensor(element::f32, {3, 4}, 8)},
                             kF32Tolerance, kF32Tolerance);
}

TEST(GpuEinsumPrimitives, HalfStoredAsHalf) {
  auto model = einsum_model("bij,bjk->bik", {{2, 3, 4}, {2, 4, 3}}, element::f16);
  // The device rounds a float sum, the reference a double one: one f16 ulp apart at most.
  expect_matches_reference(model, random_inputs(model, 5), 1e-2, 2e-3);
}

TEST(GpuEinsumPrimitives, IntegersWrapLikeTheReference) {
  for (const element::Type& type : {element::i32, element::i64}) {
    auto model = einsum_model("ij,jk->ik", {{3, 4}, {4, 2}}, type);
    // Products near 1e10 overflow i32: the device wraps as the reference does.
    expect_matches_reference(
        model, {random_tensor(type, {3, 4}, 1, -1e5, 1e5), random_tensor(type, {4, 2}, 2, -1e5, 1e5)}, 0.0, 0.0);
  }
  auto signed_bytes = einsum_model("ii,i->i", {{5, 5}, {5}}, element::i8);
  expect_matches_reference(
      signed_bytes, {random_tensor(element::i8, {5, 5}, 3, -100, 100), random_tensor(element::i8, {5}, 4, -100, 100)},
      0.0, 0.0);
  auto bytes = einsum_model("ij->i", {{4, 6}}, element::u8);
  expect_matches_reference(bytes, {random_tensor(element::u8, {4, 6}, 6, 0, 200)}, 0.0, 0.0);
}

TEST(GpuEinsumPrimitives, QueryModelClaimsWhatTheKernelCovers) {
  Core core = make_core();
  EXPECT_EQ(core.query_model(einsum_model("ij,jk->ik", {{2, 3}, {3, 4}}), "GPU").count("einsum"), 1u);
  EXPECT_EQ(core.query_model(einsum_model("...ii->...i", {{2, 3, 3}}, element::f16), "GPU").count("einsum"), 1u);
  // Not covered: f64, more than 8 inputs or output axes.
  EXPECT_EQ(core.query_model(einsum_model("ij->ji", {{2, 3}}, element::f64), "GPU").count("einsum"), 0u);
  std::vector<Shape> nine(9, Shape{2});
  EXPECT_EQ(core.query_model(einsum_model("a,b,c,d,e,f,g,h,i->abcdefghi", nine), "GPU").count("einsum"), 0u);
  // Dynamic shapes: claimed through a static stand-in, compiled per input shape.
  auto x = std::make_shared<Param>(element::f32, PartialShape{Dimension::dynamic(), 3});
  auto dynamic = std::make_shared<op::v7::Einsum>(OutputVector{x}, "ij->ji");
  dynamic->set_friendly_name("dynamic_einsum");
  EXPECT_EQ(core.query_model(model_of(dynamic, {x}), "GPU").count("dynamic_einsum"), 1u);
}

}  // namespace
}  // namespace ferry::gpu::test
