#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
// Ferry's own ops (no OpenVINO counterpart): IR version "ferry_ext1".
namespace ext {

// Dropout at inference: inputs (data, ratio: a scalar float, training_mode: a scalar boolean),
// outputs (data unchanged, mask: boolean, all true, of data's shape). Random dropout (training
// mode with a ratio > 0) cannot be reproduced, so evaluate refuses it naming the node. Frontends
// emit this op only when ratio or training_mode are known at run time alone.
class Dropout : public Op {
 public:
  FERRY_OP("Dropout", "ferry_ext1")
  Dropout() = default;
  Dropout(const Output<Node>& data, const Output<Node>& ratio, const Output<Node>& training_mode);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace ext
}  // namespace op
}  // namespace ferry
