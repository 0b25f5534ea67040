#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// One-hot encoding: a new axis ("axis" of the output, -1 last) of length depth (input 1,
// scalar); position indices[i] holds on_value (input 2), the rest off_value (input 3). Indices
// outside [0, depth) give an all-off row.
class OneHot : public Op {
 public:
  FERRY_OP("OneHot", "opset1")
  OneHot() = default;
  OneHot(const Output<Node>& indices, const Output<Node>& depth, const Output<Node>& on_value,
         const Output<Node>& off_value, int64_t axis);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  int64_t m_axis = -1;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
