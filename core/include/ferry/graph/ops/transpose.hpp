#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Permutes the axes: output axis i is input axis order[i]. The second input (i32/i64, 1-D) is
// the order; an empty order reverses the axes. No attributes.
class Transpose : public Op {
 public:
  FERRY_OP("Transpose", "opset1")
  Transpose() = default;
  Transpose(const Output<Node>& data, const Output<Node>& order);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
