#pragma once

// What Convolution and GroupConvolution share: validation and reference evaluation. The two
// differ only in the filters' layout (grouped or not).

#include "core/src/graph/ops/window_shape_inference.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace op {
namespace internal {

// Checks the inputs and sets output 0; `spec` receives the resolved pads.
void validate_convolution(Node& node, WindowSpec& spec, bool grouped);

// Runs the reference kernel on static input tensors (auto_pad resolves against their shapes).
bool evaluate_convolution(const Node& node, WindowSpec spec, bool grouped, TensorVector& outputs,
                          const TensorVector& inputs);

}  // namespace internal
}  // namespace op
}  // namespace ferry
