#pragma once

#include "ferry/graph/ops/convolution_base.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Convolution of data [N, C_IN, spatial...] (1 to 3 spatial axes) with filters
// [C_OUT, C_IN, kernel...] -> [N, C_OUT, out...]. Pads may be negative (a crop). Attributes,
// auto_pad and element types: see util::ConvolutionBase.
class Convolution : public util::ConvolutionBase {
 public:
  FERRY_OP("Convolution", "opset1")
  Convolution() = default;
  Convolution(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
              const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
              PadType auto_pad = PadType::EXPLICIT);

  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

 protected:
  bool grouped() const override { return false; }
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
