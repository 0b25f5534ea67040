#pragma once

// Constant folding: replaces every op whose inputs are all constants (and every ShapeOf of a
// static shape) by a Constant holding its result, computed once with the op's reference kernel,
// then infers the model's types again. Shapes that only ShapeOf -> ... -> Reshape chains kept
// dynamic become static, which devices whose graphs are static (NPU) need after a reshape.
// Ops without a reference kernel, and nodes with dynamic outputs, are left alone.

#include "ferry/graph/model.hpp"

namespace ferry {

// Returns how many ops were replaced. The model stays equivalent: the same outputs for the same
// inputs, and Results, Parameters and their names unchanged.
size_t fold_constants(Model& model);

}  // namespace ferry
