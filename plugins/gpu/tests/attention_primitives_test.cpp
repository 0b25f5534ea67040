// The attention primitive (ScaledDotProductAttention-13) against the core's reference evaluate:
// default and explicit scale (constant and runtime), additive and boolean masks broadcast from
// lower ranks, causal (square and L != S), broadcast batch axes, a fully masked row (NaN), value
// rows wider than the kernel's 128-column chunk; the f16 storage form against the f32 reference
// on the same (f16-rounded) inputs.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/scaled_dot_product_attention.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

using Attention = op::v13::ScaledDotProductAttention;

std::shared_ptr<op::v0::Parameter> param(const Shape& shape, const element::Type& type = element::f32) {
  return std::make_shared<op::v0::Parameter>(type, PartialShape(shape));
}

void check(const Output<Node>& output, const ParameterVector& parameters) {
  auto model = std::make_shared<Model>(OutputVector{output}, parameters, "attention");
  expect_matches_reference(model, random_inputs(model, 41), 1e-5, 1e-4);
}

TEST(GpuAttentionPrimitives, DefaultScaleAndBroadcastBatch) {
  auto q = param({2, 3, 5, 8}), k = param({2, 3, 7, 8}), v = param({2, 3, 7, 6});
  check(std::make_shared<Attention>(OutputVector{q, k, v}, false), {q, k, v});
  auto kb = param({1, 3, 7, 8}), vb = param({3, 7, 6});
  check(std::make_shared<Attention>(OutputVector{q, kb, vb}, false), {q, kb, vb});
  auto q2 = param({4, 3}), k2 = param({9, 3}), v2 = param({9, 5});
  check(std::make_shared<Attention>(OutputVector{q2, k2, v2}, false), {q2, k2, v2});
}

TEST(GpuAttentionPrimitives, MasksAndScale) {
  auto q = param({2, 4, 6}), k = param({2, 5, 6}), v = param({2, 5, 3});
  auto scale = op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.3f});
  for (const Shape& mask_shape : std::vector<Shape>{{2, 4, 5}, {4, 5}, {5}, {4, 1}, {2, 1, 5}}) {
    auto mask = param(mask_shape);
    check(std::make_shared<Attention>(OutputVector{q, k, v, mask, scale}, false), {q, k, v, mask});
  }
  std::vector<char> keep(20);
  for (size_t i = 0; i < keep.size(); ++i) keep[i] = (i % 5 == 0 || i % 3 == 1) ? 1 : 0;  // every row keeps key 0
  auto boolean = op::v0::Constant::create(element::boolean, Shape{4, 5}, keep);
  check(std::make_shared<Attention>(OutputVector{q, k, v, boolean}, false), {q, k, v});
  auto runtime_scale = param({});
  auto mask = param({4, 5});
  check(std::make_shared<Attention>(OutputVector{q, k, v, mask, runtime_scale}, false), {q, k, v, mask, runtime_scale});
}

TEST(GpuAttentionPrimitives, CausalIgnoresTheMask) {
  auto q = param({2, 5, 4}), k = param({2, 5, 4}), v = param({2, 5, 4});
  check(std::make_shared<Attention>(OutputVector{q, k, v}, true), {q, k, v});
  auto ql = param({1, 3, 4}), kl = param({1, 6, 4}), vl = param({1, 6, 2}), mask = param({3, 6});
  check(std::make_shared<Attention>(OutputVector{ql, kl, vl, mask}, true), {ql, kl, vl, mask});
}

TEST(GpuAttentionPrimitives, ValueRowsWiderThanOneChunk) {
  auto q = param({2, 3, 8}), k = param({2, 5, 8}), v = param({2, 5, 300});  // chunks of 128, 128, 44
  check(std::make_shared<Attention>(OutputVector{q, k, v}, true), {q, k, v});
}

// f16 storage: q, k, v, mask and scale are the same numbers in both models and the arithmetic is
// float; the output is rounded once to f16 (<= 2^-11 ~ 4.9e-4 relative): 2e-3 relative (about
// four f16 ulps) + 1e-3 absolute.
TEST(GpuAttentionPrimitives, HalfStorage) {
  const auto attention = [](bool causal, int mask_kind, size_t value_width) {
    return [=](const element::Type& type) {
      auto q = param({2, 4, 8}, type), k = param({2, 6, 8}, type), v = param({2, 6, value_width}, type);
      ParameterVector parameters{q, k, v};
      OutputVector inputs{q, k, v};
      if (mask_kind == 1) {
        std::vector<char> keep(24);
        for (size_t i = 0; i < keep.size(); ++i) keep[i] = (i % 6 == 0 || i % 4 == 1) ? 1 : 0;  // key 0 kept
        inputs.push_back(op::v0::Constant::create(element::boolean, Shape{4, 6}, keep));
      } else if (mask_kind == 2) {
        auto mask = param({4, 6}, type);
        parameters.push_back(mask);
        inputs.push_back(mask);
        inputs.push_back(op::v0::Constant::create(type, Shape{}, std::vector<float>{0.375f}));  // f16-exact
      }
      return std::make_shared<Model>(OutputVector{std::make_shared<Attention>(inputs, causal)}, parameters,
                                     "attention");
    };
  };
  expect_half_matches_f32_reference(attention(false, 0, 5), 51, 1e-3, 2e-3);
  expect_half_matches_f32_reference(attention(true, 0, 5), 52, 1e-3, 2e-3);
  expect_half_matches_f32_reference(attention(false, 1, 3), 53, 1e-3, 2e-3);
  expect_half_matches_f32_reference(attention(false, 2, 3), 54, 1e-3, 2e-3);
  expect_half_matches_f32_reference(attention(false, 0, 140), 55, 1e-3, 2e-3);  // two chunks
}

TEST(GpuAttentionPrimitives, FullyMaskedRowIsNaN) {
  auto q = param({2, 3}), k = param({3, 3}), v = param({3, 2});
  auto mask = op::v0::Constant::create(element::boolean, Shape{2, 3}, std::vector<char>{1, 0, 1, 0, 0, 0});
  auto model = std::make_shared<Model>(OutputVector{std::make_shared<Attention>(OutputVector{q, k, v, mask}, false)},
                                       ParameterVector{q, k, v}, "masked");
  Core core = make_core();
  CompiledModel compiled = core.compile_model(model, "GPU");
  InferRequest request = compiled.create_infer_request();
  const TensorVector inputs = random_inputs(model, 3);
  for (size_t i = 0; i < inputs.size(); ++i) request.set_input_tensor(i, inputs[i]);
  request.infer();
  const Tensor out = request.get_output_tensor(0);
  Tensor host(out.get_element_type(), out.get_shape());
  out.copy_to(host);
  EXPECT_FALSE(std::isnan(host.data<float>()[0]));
  EXPECT_TRUE(std::isnan(host.data<float>()[2]));
  EXPECT_TRUE(std::isnan(host.data<float>()[3]));
}

}  // namespace
}  // namespace ferry::gpu::test
