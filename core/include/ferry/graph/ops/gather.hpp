#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v8 {

// Picks slices of input 0 along input 2 (scalar axis) at input 1's indices (i32/i64, negative
// counts from the end; out of range gives zeros). "batch_dims" leading axes are shared by data
// and indices. Output shape: data[:axis] + indices[batch_dims:] + data[axis+1:].
class Gather : public Op {
 public:
  FERRY_OP("Gather", "opset8")
  Gather() = default;
  Gather(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& axis, int64_t batch_dims = 0);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  int64_t get_batch_dims() const { return m_batch_dims; }

 private:
  int64_t m_batch_dims = 0;
};

// out[i] = data[i with its "batch_dims"..: index tuple from indices' last axis]; output shape
// indices[:-1] + data[batch_dims + indices[-1]:].
class GatherND : public Op {
 public:
  FERRY_OP("GatherND", "opset8")
  GatherND() = default;
  GatherND(const Output<Node>& data, const Output<Node>& indices, int64_t batch_dims = 0);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  int64_t m_batch_dims = 0;
};

}  // namespace v8

namespace v6 {

// out has indices' shape; out[i] = data[i with the "axis" coordinate replaced by indices[i]].
class GatherElements : public Op {
 public:
  FERRY_OP("GatherElements", "opset6")
  GatherElements() = default;
  GatherElements(const Output<Node>& data, const Output<Node>& indices, int64_t axis);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  int64_t m_axis = 0;
};

}  // namespace v6
}  // namespace op
}  // namespace ferry
