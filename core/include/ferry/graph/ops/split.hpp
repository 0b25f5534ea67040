#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Cuts input 0 into "num_splits" equal parts along input 1 (scalar i32/i64 axis).
class Split : public Op {
 public:
  FERRY_OP("Split", "opset1")
  Split() = default;
  Split(const Output<Node>& data, const Output<Node>& axis, int64_t num_splits);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  int64_t get_num_splits() const { return m_num_splits; }

 private:
  int64_t m_num_splits = 0;
};

// Cuts input 0 along input 1 (scalar axis) into parts of input 2's lengths (1-D; one entry may
// be -1: the rest of the axis). One output per length.
class VariadicSplit : public Op {
 public:
  FERRY_OP("VariadicSplit", "opset1")
  VariadicSplit() = default;
  VariadicSplit(const Output<Node>& data, const Output<Node>& axis, const Output<Node>& split_lengths);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
