#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v13 {

// softmax(Q·Kᵀ·scale + mask)·V over the two innermost axes; leading axes broadcast numpy-wise.
// Inputs: query [..., L, E], key [..., S, E], value [..., S, Ev], optional attention_mask
// (broadcastable to [..., L, S]; boolean: false masks out, real: added to the scores) and optional
// scalar scale (default 1/sqrt(E)). With "causal" the mask is the lower triangle and input 3 is
// ignored. Output [..., L, Ev]. This is what OpenVINO's converter makes of attention blocks.
class ScaledDotProductAttention : public Op {
 public:
  FERRY_OP("ScaledDotProductAttention", "opset13")
  ScaledDotProductAttention() = default;
  ScaledDotProductAttention(const OutputVector& inputs, bool causal);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  bool get_causal() const { return m_causal; }
  void set_causal(bool causal) { m_causal = causal; }

 private:
  bool m_causal = false;
};

}  // namespace v13
}  // namespace op
}  // namespace ferry
