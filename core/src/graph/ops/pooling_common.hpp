#pragma once

// What the MaxPool and AvgPool versions share: validation and reference evaluation.

#include "core/src/graph/ops/window_shape_inference.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace op {
namespace internal {

// Checks the single input and the rounding type; returns the output shape. `spec` receives the
// resolved pads.
PartialShape validate_pooling(const Node& node, WindowSpec& spec, const Shape& kernel, bool allow_ceil_torch);

// `index_type` i32 or i64 fills output 1 with the maxima's indices (MaxPool-8/14); undefined
// means MaxPool-1's single output.
bool evaluate_max_pool(const Node& node, WindowSpec spec, const Shape& kernel, int64_t axis,
                       const element::Type& index_type, TensorVector& outputs, const TensorVector& inputs);

bool evaluate_avg_pool(const Node& node, WindowSpec spec, const Shape& kernel, bool exclude_pad, TensorVector& outputs,
                       const TensorVector& inputs);

}  // namespace internal
}  // namespace op
}  // namespace ferry
