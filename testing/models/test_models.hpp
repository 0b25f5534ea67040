#pragma once

// The models Ferry's tests compile, built with the public graph API, and their expected outputs
// computed independently of Ferry with plain loops (in double) over the same weights. One
// library for every package: the conformance suite, TEMPLATE's, GPU's and the core's tests.
//
// It depends on core's headers only (//core:graph_headers): a test links the graph either
// statically (core's own unit tests) or through libferry.so (everything that loads a plugin).

#include <memory>
#include <optional>
#include <vector>

#include "ferry/base/dimension.hpp"
#include "ferry/graph/model.hpp"

namespace ferry::test_models {

// The sizes of a two-layer perceptron (make_mlp).
struct MlpSize {
  size_t in, hidden, out;
  bool output_bias = true;  // false: probs = Softmax(hidden W2), no b2 (and no add2 node)
};
// 5 -> 4 -> 3: the conformance suite's and the reference executor's.
inline constexpr MlpSize kMlp{5, 4, 3};
// 4 -> 3 -> 2: TEMPLATE's and the core's tests.
inline constexpr MlpSize kSmallMlp{4, 3, 2};
// 16 -> 32 -> 8 without an output bias: the GPU tests (enough work for the GPU's memory plan).
inline constexpr MlpSize kWideMlp{16, 32, 8, false};

// x [batch, in] -> "hidden" = Relu(x W1 + b1) [batch, hidden]
//               -> "probs" = Softmax(hidden W2 + b2, axis 1) [batch, out].
// Outputs, in order: "probs", then "hidden" (which MatMul 2 also reads). Node (friendly) names:
// x, matmul1, add1, relu, matmul2, add2, softmax; the model's name: "mlp". The weights are
// deterministic, the same for every model of one size. Batch 1 (the default of none) is the
// variant automatic batching (BATCH) takes: static, batch 1 on dim 0 of every input and output.
std::shared_ptr<Model> make_mlp(Dimension batch = 2, const MlpSize& size = kMlp);
struct MlpOutputs {
  std::vector<float> probs, hidden;
};
// make_mlp's outputs for `batch` rows of x ([batch, in], row-major), computed with plain loops.
MlpOutputs mlp_reference(const std::vector<float>& x, size_t batch, const MlpSize& size = kMlp);

// x [kHeavy, kHeavy] (or [batch, kHeavy, kHeavy] when `batch` is given: the batch-1 variant is
// make_heavy(1)) -> kHeavyLayers x (MatMul with a [kHeavy, kHeavy] constant, Relu) -> "y": enough
// work that an inference is still running right after start_async returns.
constexpr size_t kHeavy = 96, kHeavyLayers = 6;
std::shared_ptr<Model> make_heavy(std::optional<size_t> batch = std::nullopt);

// a [?] + b [?] -> "sum": shapes known only at inference, so mismatched inputs fail inside the
// inference.
std::shared_ptr<Model> make_dynamic_add();

// image [1, 2, 6, 6] -> Convolution 3x{2x3x3}, pads 1 -> + bias -> Relu -> ReduceMean over H, W
// -> MatMul [3, 2] -> "logits" [1, 2]. Node names: image, conv, conv_bias, conv_relu,
// global_pool, dense; the model's name: "cnn".
constexpr size_t kCnnChannels = 2, kCnnSize = 6, kCnnFilters = 3, kCnnClasses = 2;
std::shared_ptr<Model> make_cnn();
std::vector<float> cnn_reference(const std::vector<float>& image);

// n deterministic values in [-1, 1), different for each seed.
std::vector<float> sample(size_t n, int seed);

}  // namespace ferry::test_models
