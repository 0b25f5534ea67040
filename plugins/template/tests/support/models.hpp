#pragma once

// Models the TEMPLATE tests compile, and their expected outputs computed independently of Ferry
// with plain loops over the same weights.

#include <memory>
#include <vector>

#include "ferry/base/dimension.hpp"
#include "ferry/graph/model.hpp"

namespace ferry::template_test {

// x [batch, 4] -> hidden = Relu(x W1 + b1) [batch, 3] -> probs = Softmax(hidden W2 + b2) [batch, 2].
// Outputs, in order: "probs", then "hidden" (which MatMul 2 also reads).
constexpr size_t kMlpIn = 4, kMlpHidden = 3, kMlpOut = 2;
std::shared_ptr<Model> make_mlp(Dimension batch = 2);
struct MlpReference {
  std::vector<float> probs, hidden;
};
MlpReference mlp_reference(const std::vector<float>& x, size_t batch);

// x [1, 2, 6, 6] -> Convolution 3x{2x3x3}, pads 1 -> + bias -> Relu -> ReduceMean over H, W
// -> MatMul [3, 2] -> "logits" [1, 2].
constexpr size_t kCnnChannels = 2, kCnnSize = 6, kCnnFilters = 3, kCnnClasses = 2;
std::shared_ptr<Model> make_cnn();
std::vector<float> cnn_reference(const std::vector<float>& x);

// n values in [-1, 1), different for each seed.
std::vector<float> sample_values(size_t n, int seed);

}  // namespace ferry::template_test
