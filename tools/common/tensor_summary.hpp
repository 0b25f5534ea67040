#pragma once

// A short numeric summary of a tensor, for people reading a tool's output.

#include <cstddef>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::tools {

struct TensorSummary {
  size_t count = 0;
  double min = 0;
  double max = 0;
  double mean = 0;
  std::vector<double> first;  // the first few elements, row-major
};

// Reads every element as a double (views and device tensors are copied to host memory first).
// Throws ferry::Exception for packed element types (u1, u4, i4), which have no per-element view.
TensorSummary summarize(const Tensor& tensor, size_t first_count = 6);

// "min -0.5 max 2 mean 0.25 | first: 0.1 0.2 ..." with 6 significant digits.
std::string format_summary(const TensorSummary& summary);

}  // namespace ferry::tools
