#pragma once

#include "ferry/graph/op_types.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// Transposed ("deconvolution") convolution, the gradient of Convolution with respect to its
// data: every input element scatters filter-weighted copies into the output at stride
// `strides`. Output spatial length per axis:
//   strides * (in - 1) + dilations * (kernel - 1) + 1 - pads_begin - pads_end + output_padding.
// With the optional output_shape input (1-D integer, one length per spatial axis) the output
// has those lengths and the pads follow from them (the larger half at the beginning unless
// auto_pad is same_upper). auto_pad valid: zero pads; same_upper/same_lower: the output is
// in * strides long. Element types: any numeric type, equal for data and filters; f16/bf16
// and integers accumulate in double.
// IR attributes: "strides", "dilations", "pads_begin", "pads_end", "auto_pad", "output_padding".
class ConvolutionBackpropBase : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const Strides& get_strides() const { return m_strides; }
  const Strides& get_dilations() const { return m_dilations; }
  const CoordinateDiff& get_pads_begin() const { return m_pads_begin; }
  const CoordinateDiff& get_pads_end() const { return m_pads_end; }
  PadType get_auto_pad() const { return m_auto_pad; }
  const CoordinateDiff& get_output_padding() const { return m_output_padding; }

 protected:
  ConvolutionBackpropBase() = default;
  ConvolutionBackpropBase(const OutputVector& inputs, const Strides& strides, const CoordinateDiff& pads_begin,
                          const CoordinateDiff& pads_end, const Strides& dilations, PadType auto_pad,
                          const CoordinateDiff& output_padding);
  // Filters [C_IN, C_OUT, K...], or grouped [G, C_IN, C_OUT, K...] with data [N, G * C_IN, S...].
  virtual bool grouped() const = 0;

  Strides m_strides;
  Strides m_dilations;
  CoordinateDiff m_pads_begin;
  CoordinateDiff m_pads_end;
  PadType m_auto_pad = PadType::EXPLICIT;
  CoordinateDiff m_output_padding;
};

}  // namespace util

#define FERRY_CONVOLUTION_BACKPROP_OP(CLASS, GROUPED)                                                                  \
  class CLASS : public util::ConvolutionBackpropBase {                                                                 \
   public:                                                                                                             \
    FERRY_OP(#CLASS, "opset1")                                                                                         \
    CLASS() = default;                                                                                                 \
    CLASS(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,                               \
          const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,                  \
          PadType auto_pad = PadType::EXPLICIT, const CoordinateDiff& output_padding = {})                             \
        : ConvolutionBackpropBase({data, filters}, strides, pads_begin, pads_end, dilations, auto_pad,                 \
                                  output_padding) {                                                                    \
      constructor_validate_and_infer_types();                                                                          \
    }                                                                                                                  \
    CLASS(const Output<Node>& data, const Output<Node>& filters, const Output<Node>& output_shape,                     \
          const Strides& strides, const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,                    \
          const Strides& dilations, PadType auto_pad = PadType::EXPLICIT, const CoordinateDiff& output_padding = {})   \
        : ConvolutionBackpropBase({data, filters, output_shape}, strides, pads_begin, pads_end, dilations, auto_pad,   \
                                  output_padding) {                                                                    \
      constructor_validate_and_infer_types();                                                                          \
    }                                                                                                                  \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override {                           \
      FERRY_NODE_CHECK(inputs.size() == 2 || inputs.size() == 3, "clone: expects 2 or 3 inputs, got ", inputs.size()); \
      if (inputs.size() == 2)                                                                                          \
        return std::make_shared<CLASS>(inputs[0], inputs[1], m_strides, m_pads_begin, m_pads_end, m_dilations,         \
                                       m_auto_pad, m_output_padding);                                                  \
      return std::make_shared<CLASS>(inputs[0], inputs[1], inputs[2], m_strides, m_pads_begin, m_pads_end,             \
                                     m_dilations, m_auto_pad, m_output_padding);                                       \
    }                                                                                                                  \
                                                                                                                       \
   protected:                                                                                                          \
    bool grouped() const override { return GROUPED; }                                                                  \
  };

namespace v1 {
FERRY_CONVOLUTION_BACKPROP_OP(ConvolutionBackpropData, false)
FERRY_CONVOLUTION_BACKPROP_OP(GroupConvolutionBackpropData, true)
}  // namespace v1
#undef FERRY_CONVOLUTION_BACKPROP_OP

}  // namespace op
}  // namespace ferry
