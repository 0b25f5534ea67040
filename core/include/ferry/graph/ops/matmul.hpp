#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Matrix product over the two innermost axes with numpy-broadcast batch axes. A 1-D input is a
// row (first input) or column (second input) vector whose unit axis is dropped from the output.
// IR attributes: "transpose_a", "transpose_b" (ignored for 1-D inputs).
class MatMul : public Op {
 public:
  FERRY_OP("MatMul", "opset1")
  MatMul() = default;
  MatMul(const Output<Node>& a, const Output<Node>& b, bool transpose_a = false, bool transpose_b = false);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  bool get_transpose_a() const { return m_transpose_a; }
  bool get_transpose_b() const { return m_transpose_b; }
  void set_transpose_a(bool value) { m_transpose_a = value; }
  void set_transpose_b(bool value) { m_transpose_b = value; }

 private:
  bool m_transpose_a = false;
  bool m_transpose_b = false;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
