#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v3 {

// NonZero: the coordinates of the non-zero elements, as a [rank, count] tensor of
// "output_type" (i32 or i64), in row-major order.
class NonZero : public Op {
 public:
  FERRY_OP("NonZero", "opset3")
  NonZero() = default;
  explicit NonZero(const Output<Node>& data, const element::Type& output_type = element::i64);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  element::Type m_output_type = element::i64;
};

}  // namespace v3
}  // namespace op
}  // namespace ferry
