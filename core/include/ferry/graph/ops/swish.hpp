#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v4 {

// x / (1 + e^(-beta * x)). The optional second input is the scalar beta (1 when absent), of
// the data's element type.
class Swish : public Op {
 public:
  FERRY_OP("Swish", "opset4")
  Swish() = default;
  explicit Swish(const Output<Node>& data);
  Swish(const Output<Node>& data, const Output<Node>& beta);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v4
}  // namespace op
}  // namespace ferry
