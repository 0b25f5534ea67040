#pragma once

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Elementwise choice: out = cond ? then : else, with cond boolean and the three inputs
// broadcast by "auto_broadcast" (numpy by default; none requires equal shapes).
class Select : public Op {
 public:
  FERRY_OP("Select", "opset1")
  Select() = default;
  Select(const Output<Node>& cond, const Output<Node>& then_value, const Output<Node>& else_value,
         const AutoBroadcastSpec& auto_broadcast = AutoBroadcastType::NUMPY);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  AutoBroadcastSpec m_auto_broadcast = AutoBroadcastType::NUMPY;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
