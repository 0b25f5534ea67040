#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v5 {

// log(softmax(x)) along "axis" in [-rank, rank) (default 1); real element types only.
class LogSoftmax : public Op {
 public:
  FERRY_OP("LogSoftmax", "opset5")
  LogSoftmax() = default;
  LogSoftmax(const Output<Node>& value, int64_t axis = 1);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  int64_t get_axis() const { return m_axis; }
  void set_axis(int64_t axis) { m_axis = axis; }

 private:
  int64_t m_axis = 1;
};

}  // namespace v5
}  // namespace op
}  // namespace ferry
