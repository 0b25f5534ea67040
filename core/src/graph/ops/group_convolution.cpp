#include "ferry/graph/ops/group_convolution.hpp"

namespace ferry {
namespace op {
namespace v1 {

GroupConvolution::GroupConvolution(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                                   const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                   const Strides& dilations, PadType auto_pad)
    : ConvolutionBase(data, filters, strides, pads_begin, pads_end, dilations, auto_pad) {
  constructor_validate_and_infer_types();
}

std::shared_ptr<Node> GroupConvolution::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<GroupConvolution>(inputs[0], inputs[1], m_strides, m_pads_begin, m_pads_end, m_dilations,
                                            m_auto_pad);
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
