#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v8 {

// numpy-style slicing: inputs data, start, stop, step and optional axes (1-D i32/i64 of one
// length; axes default to 0..n-1). Negative start/stop count from the end and are clamped to
// the axis; a step may be negative, not 0.
class Slice : public Op {
 public:
  FERRY_OP("Slice", "opset8")
  Slice() = default;
  Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step);
  Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step,
        const Output<Node>& axes);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

}  // namespace v8
}  // namespace op
}  // namespace ferry
