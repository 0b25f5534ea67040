#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Removes unit axes. Input 1 (optional, i32/i64, scalar or 1-D) lists the axes to remove
// (negative counts from the end; each must have length 1); without it every length-1 axis goes.
class Squeeze : public Op {
 public:
  FERRY_OP("Squeeze", "opset1")
  Squeeze() = default;
  explicit Squeeze(const Output<Node>& data);
  Squeeze(const Output<Node>& data, const Output<Node>& axes);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

// Inserts unit axes at the positions input 1 (i32/i64, scalar or 1-D) lists, counted in the
// output's rank (negative counts from the end).
class Unsqueeze : public Op {
 public:
  FERRY_OP("Unsqueeze", "opset1")
  Unsqueeze() = default;
  Unsqueeze(const Output<Node>& data, const Output<Node>& axes);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
