#pragma once

// Shape inference shared by the sliding-window ops (Convolution, GroupConvolution, MaxPool,
// AvgPool): attribute checks, auto_pad resolution, and output spatial lengths over static,
// bounded and dynamic dimensions (interval arithmetic: the output length only grows with the
// input length and only shrinks with the kernel length, so bounds map to bounds).

#include <vector>

#include "core/src/graph/reference/window_geometry.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/graph/op_types.hpp"

namespace ferry {
namespace op {
namespace internal {

// A window op's attributes, one entry per spatial axis. Inference overwrites the pads with the
// ones auto_pad resolves to (zeros where the input or kernel length is not static yet).
struct WindowSpec {
  Strides strides;
  Strides dilations;
  CoordinateDiff pads_begin;
  CoordinateDiff pads_end;
  PadType auto_pad = PadType::EXPLICIT;
  RoundingType rounding = RoundingType::FLOOR;
};

// Convolution: data [N, C_IN, S...], filters [C_OUT, C_IN, K...] -> [N, C_OUT, O...].
// GroupConvolution (grouped): filters [G, C_OUT, C_IN, K...], data [N, G * C_IN, S...]
// -> [N, G * C_OUT, O...]. Errors name `node` and what disagrees.
PartialShape infer_convolution_shape(const Node& node, const PartialShape& data, const PartialShape& filters,
                                     bool grouped, WindowSpec& spec);

// Pooling: data [N, C, S...] and a kernel of one length per spatial axis -> [N, C, O...].
PartialShape infer_pooling_shape(const Node& node, const PartialShape& data, const Shape& kernel, WindowSpec& spec);

// The reference kernels' view of a resolved spec.
reference::WindowParams to_window_params(const WindowSpec& spec);

// Pools store pads as Shape (non-negative), like OpenVINO's pooling ops.
CoordinateDiff to_pads(const Shape& pads);
Shape from_pads(const CoordinateDiff& pads);

}  // namespace internal
}  // namespace op
}  // namespace ferry
