#pragma once

// Models the conformance suite compiles, built with the public graph API, and their expected
// outputs computed independently with plain loops over the same weights.

#include <memory>
#include <string>
#include <vector>

#include "ferry/base/dimension.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::conformance {

// x [batch, 5] -> "hidden" = Relu(x W1 + b1) [batch, 4] -> "probs" = Softmax(hidden W2 + b2, axis 1)
// [batch, 3]. Outputs in order: probs, hidden.
constexpr size_t kIn = 5, kHidden = 4, kOut = 3;
std::shared_ptr<Model> make_mlp(Dimension batch = 2);
struct MlpExpected {
  std::vector<float> probs, hidden;
};
MlpExpected mlp_expected(const std::vector<float>& x, size_t batch);

// x [kHeavy, kHeavy] -> kHeavyLayers x (MatMul with a [kHeavy, kHeavy] constant, Relu): enough work
// that an inference is still running right after start_async returns.
constexpr size_t kHeavy = 96, kHeavyLayers = 6;
std::shared_ptr<Model> make_heavy();

// a [?] + b [?]: shapes known only at inference, so mismatched inputs fail inside the inference.
std::shared_ptr<Model> make_dynamic_add();

// n deterministic values in [-1, 1), different for each seed.
std::vector<float> sample(size_t n, int seed);

// Host f32 tensor holding `values`.
Tensor make_f32(const Shape& shape, const std::vector<float>& values);
// The elements of any f32 tensor (host or remote), copied to the host.
std::vector<float> values_of(const Tensor& tensor);

// A fresh, empty folder under $TEST_TMPDIR (or the system temp folder), removed by nobody: test
// sandboxes clean themselves.
std::string make_temp_dir(const std::string& tag);

}  // namespace ferry::conformance
