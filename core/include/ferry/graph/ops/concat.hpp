#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Joins its inputs along "axis" (negative counts from the end); other axes must agree.
class Concat : public Op {
 public:
  FERRY_OP("Concat", "opset1")
  Concat() = default;
  Concat(const OutputVector& values, int64_t axis);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  int64_t get_axis() const { return m_axis; }
  void set_axis(int64_t axis) { m_axis = axis; }

 private:
  int64_t m_axis = 0;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
