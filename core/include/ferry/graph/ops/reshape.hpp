#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Gives the data a new shape of the same element count. The second input (i32/i64, 1-D) is the
// target shape: one entry may be -1 (inferred), and with "special_zero" a 0 copies the input's
// length at that position. Shape inference needs the target shape from a Constant; otherwise
// only the output rank is known.
class Reshape : public Op {
 public:
  FERRY_OP("Reshape", "opset1")
  Reshape() = default;
  Reshape(const Output<Node>& data, const Output<Node>& target_shape, bool special_zero);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  bool get_special_zero() const { return m_special_zero; }
  void set_special_zero(bool value) { m_special_zero = value; }

 private:
  bool m_special_zero = false;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
