#pragma once

// Compares a device's output with an expected tensor the way ONNX's backend test runner does
// (numpy's assert_allclose): |got - expected| <= atol + rtol * |expected| for real types, NaN
// exactly where NaN is expected, infinities equal; integers and booleans exactly. Element types
// and shapes must match.
#include <optional>
#include <string>

#include "ferry/value/tensor.hpp"

namespace ferry {
namespace onnx_backend {

struct Tolerance {
  double rtol = 1e-3;
  double atol = 1e-7;
};

// The element's value as a double (f16 / bf16 decoded bit-exactly).
double element_as_double(const Tensor& tensor, size_t index);

// Empty when `got` matches; otherwise the first difference, e.g.
// "output 'y': element 3 is 0.5, expected 0.25 (2 of 6 elements differ)".
std::optional<std::string> compare_tensors(const std::string& name, const Tensor& got, const Tensor& expected,
                                           const Tolerance& tolerance = {});

}  // namespace onnx_backend
}  // namespace ferry
