#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Running sums along input 1 (scalar axis; 0 when absent). "exclusive" leaves each element out
// of its own sum; "reverse" sums from the end.
class CumSum : public Op {
 public:
  FERRY_OP("CumSum", "opset3")
  CumSum() = default;
  CumSum(const Output<Node>& data, const Output<Node>& axis, bool exclusive = false, bool reverse = false);
  explicit CumSum(const Output<Node>& data, bool exclusive = false, bool reverse = false);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  bool m_exclusive = false;
  bool m_reverse = false;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
