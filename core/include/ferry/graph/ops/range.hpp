#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v4 {

// start, start+step, ... up to (not including) stop: three scalar inputs, output of
// "output_type" with max(ceil((stop - start) / step), 0) elements. step must not be 0.
class Range : public Op {
 public:
  FERRY_OP("Range", "opset4")
  Range() = default;
  Range(const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step,
        const element::Type& output_type);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  element::Type m_output_type = element::i64;
};

}  // namespace v4
}  // namespace op
}  // namespace ferry
