#pragma once

// The top-k classes of a classifier's output, for people reading a tool's output.

#include <cstddef>
#include <string>
#include <vector>

#include "ferry/value/tensor.hpp"

namespace ferry::tools {

struct ScoredClass {
  size_t index = 0;
  float score = 0;
};

// The `k` highest scores of the first row of an f32 [N, C] tensor (a classifier's output), highest
// first, ties by lower index. Empty when the tensor is not f32 of rank 2 with at least `k` columns.
std::vector<ScoredClass> top_classes(const Tensor& scores, size_t k);

// "417 (0.0123)  12 (0.0119) ..." with 4 significant digits.
std::string format_top_classes(const std::vector<ScoredClass>& classes);

}  // namespace ferry::tools
