#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// x for x >= 0, slope * x otherwise. A 1-D slope whose length equals the channel dimension
// (axis 1) of a data input of rank >= 2 applies per channel; any other slope broadcasts into
// the data shape numpy-style (aligned at the trailing axes). The output has the data's shape.
class PRelu : public Op {
 public:
  FERRY_OP("PRelu", "opset1")
  PRelu() = default;
  PRelu(const Output<Node>& data, const Output<Node>& slope);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
