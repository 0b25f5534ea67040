#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace ext {

// The determinant of each square matrix in a batch: input [*, M, M] (floating point), output [*]
// of the same type (a scalar for one matrix). Evaluated by LU decomposition with partial pivoting.
class Det : public Op {
 public:
  FERRY_OP("Det", "ferry_ext1")
  Det() = default;
  explicit Det(const Output<Node>& data);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace ext
}  // namespace op
}  // namespace ferry
