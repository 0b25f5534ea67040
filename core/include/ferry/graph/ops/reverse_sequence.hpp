#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// For each batch entry b (along "batch_axis"), reverses the first seq_lengths[b] (input 1, 1-D
// integers) elements along "seq_axis"; the rest stay in place.
class ReverseSequence : public Op {
 public:
  FERRY_OP("ReverseSequence", "opset1")
  ReverseSequence() = default;
  ReverseSequence(const Output<Node>& data, const Output<Node>& seq_lengths, int64_t batch_axis = 0,
                  int64_t seq_axis = 1);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  int64_t m_batch_axis = 0;
  int64_t m_seq_axis = 1;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
