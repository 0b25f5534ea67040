// A transformer's ops on the engine against core's reference executor (within
// reference_comparison.hpp's tolerance): ScaledDotProductAttention with a real mask, causal, with
// a given scale and with key and value shared across heads; MatMul fused with bias and Gelu; MVN
// over the last axis as oneDNN's layer normalization; Transpose as a reorder; Reshape as a view;
// and the steps each runs as.
#include <gtest/gtest.h>

#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/mvn.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/reshape.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/scaled_dot_product_attention.hpp"
#include "ferry/graph/ops/squeeze.hpp"
#include "ferry/graph/ops/transpose.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/ops/unary_math.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"
#include "plugins/cpu/src/engine/testing/reference_comparison.hpp"

namespace ferry::cpu::engine {
namespace {

using test_support::compare_with_reference;
using test_support::steps_of;

std::shared_ptr<op::v0::Parameter> input(const Shape& shape) {
  return std::make_shared<op::v0::Parameter>(element::f32, shape);
}

std::shared_ptr<Model> model_of(const Output<Node>& output, const ParameterVector& parameters) {
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(output)}, parameters);
}

// The attention's three steps on oneDNN (scores, softmax, context), when `fused`.
void expect_attention_on_onednn(const CompiledGraph& graph) {
  EXPECT_EQ(steps_of(graph, {"ScaledDotProductAttention"}),
            (std::vector<std::string>{"ScaledDotProductAttention:onednn", "ScaledDotProductAttention:onednn",
                                      "ScaledDotProductAttention:onednn"}));
}

TEST(TransformerOps, AttentionWithARealMaskBroadcastOverHeadsAndQueries) {
  auto q = input({2, 3, 5, 8}), k = input({2, 3, 7, 8}), v = input({2, 3, 7, 4}), mask = input({2, 1, 1, 7});
  auto attention = std::make_shared<op::v13::ScaledDotProductAttention>(OutputVector{q, k, v, mask}, false);
  auto model = model_of(attention, {q, k, v, mask});
  CompiledGraph graph(model);
  expect_attention_on_onednn(graph);
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

TEST(TransformerOps, CausalAttentionWithAGivenScale) {
  auto q = input({1, 2, 6, 8}), k = input({1, 2, 6, 8}), v = input({1, 2, 6, 8}), unused = input({1, 1, 6, 6});
  auto scale = op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.3f});
  auto attention = std::make_shared<op::v13::ScaledDotProductAttention>(OutputVector{q, k, v, unused, scale}, true);
  auto model = model_of(attention, {q, k, v, unused});
  CompiledGraph graph(model);
  expect_attention_on_onednn(graph);
  compare_with_reference(model, graph, 3);
}

TEST(TransformerOps, AttentionWithKeysAndValuesSharedAcrossHeads) {
  auto q = input({2, 4, 3, 8}), k = input({2, 1, 5, 8}), v = input({2, 1, 5, 8});
  auto attention = std::make_shared<op::v13::ScaledDotProductAttention>(OutputVector{q, k, v}, false);
  auto model = model_of(attention, {q, k, v});
  compare_with_reference(model, CompiledGraph(model), 4);
}

TEST(TransformerOps, FeedForwardWithGeluAndLayerNormRunsOnOneDnn) {
  auto x = input({2, 5, 16});
  std::vector<float> weights(16 * 32), bias(32);
  for (size_t i = 0; i < weights.size(); ++i) weights[i] = 0.05f * static_cast<float>(i % 13) - 0.3f;
  for (size_t i = 0; i < bias.size(); ++i) bias[i] = 0.02f * static_cast<float>(i) - 0.3f;
  auto projected = std::make_shared<op::v0::MatMul>(x, op::v0::Constant::create(element::f32, Shape{16, 32}, weights));
  auto biased = std::make_shared<op::v1::Add>(projected, op::v0::Constant::create(element::f32, Shape{32}, bias));
  Output<Node> activated = std::make_shared<op::v7::Gelu>(biased, op::GeluApproximationMode::ERF);
  auto axes = op::v0::Constant::create(element::i64, Shape{1}, std::vector<int64_t>{-1});
  auto normalized = std::make_shared<op::v6::MVN>(activated, axes, true, 1e-5f, op::MVNEpsMode::INSIDE_SQRT);
  auto model = model_of(normalized, {x});
  CompiledGraph graph(model);
  EXPECT_EQ(steps_of(graph, {"MatMul", "Add", "Gelu", "MVN"}),
            (std::vector<std::string>{"MatMul:onednn+bias+gelu", "MVN:onednn"}));
  for (unsigned seed : {5u, 6u}) compare_with_reference(model, graph, seed);
}

// Q's heads as a transformer splits them: [B, L, H*E] reshaped to [B, L, H, E], then transposed
// to [B, H, L, E]: a oneDNN reorder reading the input through permuted strides.
TEST(TransformerOps, TransposesAreReordersOnOneDnn) {
  auto x = input({2, 5, 3, 4});
  auto order = op::v0::Constant::create(element::i64, Shape{4}, std::vector<int64_t>{0, 2, 1, 3});
  auto transposed = std::make_shared<op::v1::Transpose>(x, order);
  auto model = model_of(transposed, {x});
  CompiledGraph graph(model);
  EXPECT_EQ(steps_of(graph, {"Transpose"}), (std::vector<std::string>{"Transpose:onednn"}));
  compare_with_reference(model, graph, 8);
  auto reversed = model_of(
      std::make_shared<op::v1::Transpose>(x, op::v0::Constant::create(element::i64, Shape{0}, std::vector<int64_t>{})),
      {x});
  compare_with_reference(reversed, CompiledGraph(reversed), 9);
}

// Reshape, Squeeze and Unsqueeze take no step: their output is their input's memory, read under
// the new shape by oneDNN and reference steps alike, and by the results.
TEST(TransformerOps, ReshapesAreViewsOfTheirInput) {
  auto x = input({2, 6});
  auto shape_of = [](std::vector<int64_t> dims) {
    return op::v0::Constant::create(element::i64, Shape{dims.size()}, dims);
  };
  auto grid = std::make_shared<op::v1::Reshape>(x, shape_of({3, 4}), false);
  auto softsign = std::make_shared<op::v9::SoftSign>(grid);  // a reference step reading the view
  auto flat = std::make_shared<op::v1::Reshape>(softsign, shape_of({12}), false);
  auto activated = std::make_shared<op::v0::Relu>(flat);  // a oneDNN step reading the view
  auto unsqueezed = std::make_shared<op::v0::Unsqueeze>(activated, shape_of({0}));
  auto model = std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(unsqueezed), std::make_shared<op::v0::Result>(grid)},
      ParameterVector{x});
  CompiledGraph graph(model);
  EXPECT_TRUE(steps_of(graph, {"Reshape", "Unsqueeze"}).empty());
  for (unsigned seed : {10u, 11u}) compare_with_reference(model, graph, seed);
}

TEST(TransformerOps, MvnThatIsNotALayerNormStaysOnTheReference) {
  auto x = input({2, 4, 6});
  auto axes = op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{1, 2});
  auto outside = std::make_shared<op::v6::MVN>(x, axes, true, 1e-5f, op::MVNEpsMode::INSIDE_SQRT);
  auto model = model_of(outside, {x});
  CompiledGraph graph(model);
  EXPECT_EQ(steps_of(graph, {"MVN"}), (std::vector<std::string>{"MVN:reference"}));
  compare_with_reference(model, graph, 7);
}

}  // namespace
}  // namespace ferry::cpu::engine
