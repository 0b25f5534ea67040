#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v3 {

// The input's shape as a 1-D tensor of "output_type" (i32 or i64).
class ShapeOf : public Op {
 public:
  FERRY_OP("ShapeOf", "opset3")
  ShapeOf() = default;
  explicit ShapeOf(const Output<Node>& data, const element::Type& output_type = element::i64);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const element::Type& get_output_type() const { return m_output_type; }

 private:
  element::Type m_output_type = element::i64;
};

}  // namespace v3

namespace v0 {

// ShapeOf-1: always i64.
class ShapeOf : public Op {
 public:
  FERRY_OP("ShapeOf", "opset1")
  ShapeOf() = default;
  explicit ShapeOf(const Output<Node>& data);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
