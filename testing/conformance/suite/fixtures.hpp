#pragma once

// What the suite's tests feed the device: the shared test models (//testing/models:test_models)
// at the batch the device asks for, and small tensor helpers.

#include <memory>
#include <string>
#include <vector>

#include "ferry/base/shape.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/tensor.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::conformance {

using test_models::kHeavy;
using test_models::make_dynamic_add;
using test_models::make_mlp;
using test_models::mlp_reference;
using test_models::MlpOutputs;
using test_models::sample;

// The MLP the suite compiles (test_models::kMlp): x [batch, 5] -> "hidden" [batch, 4] -> "probs"
// [batch, 3]. Outputs in order: probs, hidden.
constexpr size_t kIn = test_models::kMlp.in, kHidden = test_models::kMlp.hidden, kOut = test_models::kMlp.out;

// The batch (dim 0) of a test's models: `usual` (the test's own: 2, 3, ...), or 1 when the device
// asks for batch-1 models (--batch_one_models, options.hpp).
size_t model_batch(size_t usual);

// The model that keeps a device busy (test_models::make_heavy): x [kHeavy, kHeavy], or under
// --batch_one_models x [1, kHeavy, kHeavy] (the same work). heavy_shape() is x's shape.
std::shared_ptr<Model> heavy_model();
Shape heavy_shape();

// Host f32 tensor holding `values`.
Tensor make_f32(const Shape& shape, const std::vector<float>& values);
// The elements of any f32 tensor (host or remote), copied to the host.
std::vector<float> values_of(const Tensor& tensor);

// A fresh, empty folder under $TEST_TMPDIR (or the system temp folder), removed by nobody: test
// sandboxes clean themselves.
std::string make_temp_dir(const std::string& tag);

}  // namespace ferry::conformance
