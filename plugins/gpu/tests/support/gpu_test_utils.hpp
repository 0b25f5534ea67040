#pragma once

// Helpers for the GPU plugin's tests: a Core that knows GPU (and TEMPLATE, the reference), random
// tensors, and comparison of a model's outputs on GPU against the core's reference evaluate.

#include <memory>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"

namespace ferry::gpu::test {

// A Core with the in-tree plugins.xml (GPU, TEMPLATE).
Core make_core();

// Whether GPU's default device shares the host's memory (DEVICE_TYPE integrated: PoCL in CI),
// where host tensors are used in place; a device with its own memory (the H100/H200) copies host
// inputs in and outputs out, and tests of in-place host memory say so and skip there.
bool gpu_shares_host_memory(Core& core);

// A tensor of `type` and `shape` filled with values uniform in [low, high) (integers rounded),
// from a fixed seed per call site.
Tensor random_tensor(const element::Type& type, const Shape& shape, unsigned seed, double low = -2.0,
                     double high = 2.0);

// Runs `model` on GPU and with the core's reference evaluate (ReferenceExecutor)
// on the same inputs; expects every output to match within |gpu - ref| <= atol + rtol * |ref|.
void expect_matches_reference(const std::shared_ptr<Model>& model, const TensorVector& inputs, double atol = 1e-5,
                              double rtol = 1e-4);

// Expects every element of `actual` (any type the tests use, f16 widened) within
// |actual - expected| <= atol + rtol * |expected| of `expected` (NaN matches NaN, an infinity
// itself); reports up to 5 mismatches, each naming `what` ("output 0"), the element and both values.
void expect_values_close(const Tensor& actual, const Tensor& expected, double atol, double rtol,
                         const std::string& what);

// Building blocks of the one-op models the primitive tests run.
using Param = op::v0::Parameter;
std::shared_ptr<Param> param(const Shape& shape, const element::Type& type = element::f32);
std::shared_ptr<Model> model_of(const Output<Node>& output, const ParameterVector& parameters);
// A 1-D i64 Constant (axes, pads, shapes).
std::shared_ptr<op::v0::Constant> ints(const std::vector<int64_t>& values);

// Inputs for every parameter of `model`, random with `seed`.
TensorVector random_inputs(const std::shared_ptr<Model>& model, unsigned seed);

}  // namespace ferry::gpu::test
