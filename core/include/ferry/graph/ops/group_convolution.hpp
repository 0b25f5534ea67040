#pragma once

#include "ferry/graph/op_types.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Grouped convolution: data [N, GROUPS * C_IN, spatial...] (1 to 3 spatial axes) and filters
// [GROUPS, C_OUT, C_IN, kernel...] -> [N, GROUPS * C_OUT, out...]; each group convolves its own
// slice of channels (C_IN = C_OUT = 1: depthwise). Pads may be negative. auto_pad
// same_upper/same_lower/valid overrides the pads, which then hold the resolved values once the
// spatial lengths are static. Element types: any numeric type, equal for both inputs.
// IR attributes: "strides", "dilations", "pads_begin", "pads_end", "auto_pad".
class GroupConvolution : public Op {
 public:
  FERRY_OP("GroupConvolution", "opset1")
  GroupConvolution() = default;
  GroupConvolution(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                   const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                   PadType auto_pad = PadType::EXPLICIT);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const Strides& get_strides() const { return m_strides; }
  void set_strides(const Strides& strides) { m_strides = strides; }
  const Strides& get_dilations() const { return m_dilations; }
  void set_dilations(const Strides& dilations) { m_dilations = dilations; }
  const CoordinateDiff& get_pads_begin() const { return m_pads_begin; }
  void set_pads_begin(const CoordinateDiff& pads) { m_pads_begin = pads; }
  const CoordinateDiff& get_pads_end() const { return m_pads_end; }
  void set_pads_end(const CoordinateDiff& pads) { m_pads_end = pads; }
  PadType get_auto_pad() const { return m_auto_pad; }
  void set_auto_pad(PadType auto_pad) { m_auto_pad = auto_pad; }

 private:
  Strides m_strides;
  Strides m_dilations;
  CoordinateDiff m_pads_begin;
  CoordinateDiff m_pads_end;
  PadType m_auto_pad = PadType::EXPLICIT;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
