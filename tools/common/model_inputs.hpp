#pragma once

// Preparing a model's inputs before compiling it in a tool: -shape reshapes, and a check that
// every input ends up static (the tools make their own input data, so they need sizes).

#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "shape_option.hpp"

namespace ferry::tools {

// Reshapes `model`; errors are UsageErrors that start with `flag` ("-shape: ...") and name the
// input or the dimensions at fault.
void apply_input_shapes(Model& model, const std::vector<ShapeSpec>& shapes, const std::string& flag);

// Throws a UsageError naming the first input whose shape is not static, its shape, and `flag`.
void require_static_inputs(const Model& model, const std::string& flag);

}  // namespace ferry::tools
