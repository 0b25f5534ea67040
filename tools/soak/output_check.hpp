#pragma once

// Whether an inference's output is the shipped reference output: f32 values within a tolerance
// (the devices and OpenVINO's CPU sum in different orders), any other type byte for byte.

#include <cstddef>
#include <string>

#include "ferry/value/tensor.hpp"
#include "testing/models/reference_case.hpp"

namespace ferry::tools {

// An f32 value matches when |got - expected| <= absolute + relative * |expected|; NaN never does.
struct Tolerance {
  double absolute = 1e-4;
  double relative = 1e-4;
};

struct OutputComparison {
  size_t mismatched_elements = 0;  // every element counts when the shape or type differs
  double max_abs_error = 0;        // over the elements compared
  std::string first_mismatch;      // "probs[3] = 0.5, expected 0.25"; empty when it matches
  bool matches() const { return mismatched_elements == 0; }
};

OutputComparison compare_output(const Tensor& got, const testing::StoredTensor& expected, const Tolerance& tolerance);

}  // namespace ferry::tools
