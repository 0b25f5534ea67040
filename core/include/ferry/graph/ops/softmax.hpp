#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Softmax along a non-negative "axis" (default 1).
class Softmax : public Op {
 public:
  FERRY_OP("Softmax", "opset1")
  Softmax() = default;
  Softmax(const Output<Node>& value, int64_t axis = 1);

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

}  // namespace v1

namespace v8 {

// Softmax along "axis" in [-rank, rank) (default 1); negative counts from the end.
class Softmax : public Op {
 public:
  FERRY_OP("Softmax", "opset8")
  Softmax() = default;
  Softmax(const Output<Node>& value, int64_t axis = 1);

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

}  // namespace v8
}  // namespace op
}  // namespace ferry
