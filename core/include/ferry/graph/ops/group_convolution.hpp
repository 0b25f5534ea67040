#pragma once

#include "ferry/graph/ops/convolution_base.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Grouped convolution: data [N, GROUPS * C_IN, spatial...] (1 to 3 spatial axes) and filters
// [GROUPS, C_OUT, C_IN, kernel...] -> [N, GROUPS * C_OUT, out...]; each group convolves its own
// slice of channels (C_IN = C_OUT = 1: depthwise). Pads may be negative. Attributes, auto_pad
// and element types: see util::ConvolutionBase.
class GroupConvolution : public util::ConvolutionBase {
 public:
  FERRY_OP("GroupConvolution", "opset1")
  GroupConvolution() = default;
  GroupConvolution(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                   const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                   PadType auto_pad = PadType::EXPLICIT);

  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

 protected:
  bool grouped() const override { return true; }
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
