#pragma once

// f16 storage forms of the float primitives against the f32 reference: the model is built twice
// from one recipe, once with f16 data (run on GPU) and once with f32 data (run by the core's
// reference evaluate) on the same values, the f16 inputs widened exactly to f32. The difference
// is then only the device's: float arithmetic on f16-rounded inputs, rounded once more to f16
// where the kernel stores its output (and where a multi-step kernel stores intermediates).

#include <functional>
#include <memory>

#include "ferry/ferry.hpp"

namespace ferry::gpu::test {

// A model of one recipe whose float data (parameters, constants, outputs) have `type`.
using ModelOfType = std::function<std::shared_ptr<Model>(const element::Type& type)>;

// Runs build(f16) on GPU with `half_inputs` (f16 tensors for f16 parameters, others as they are)
// and build(f32) with the reference on the same values in f32; expects f16 outputs (for f32
// reference outputs) within |gpu - ref| <= atol + rtol * |ref| of the reference, and other
// outputs (indices) equal to the reference's.
void expect_half_matches_f32_reference(const ModelOfType& build, const TensorVector& half_inputs, double atol,
                                       double rtol);

// The same on random inputs in [low, high) from `seed` (random_inputs of build(f16)).
void expect_half_matches_f32_reference(const ModelOfType& build, unsigned seed, double atol, double rtol,
                                       double low = -2.0, double high = 2.0);

// The tensor's values as f32 (f16 widened exactly); other types unchanged.
Tensor widened_to_f32(const Tensor& tensor);

// A Constant of `type` holding random values in [low, high) rounded to f16 (so that its f16 and
// f32 forms hold the same numbers).
std::shared_ptr<op::v0::Constant> half_exact_constant(const element::Type& type, const Shape& shape, unsigned seed,
                                                      double low = -2.0, double high = 2.0);

}  // namespace ferry::gpu::test
