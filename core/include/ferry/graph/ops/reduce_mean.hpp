#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// The mean over the axes given by the second input (i32/i64 scalar or 1-D, negative counts from
// the end, duplicates allowed). IR attribute: "keep_dims" (reduced axes stay with length 1).
// Integer means divide with truncation toward zero.
class ReduceMean : public Op {
 public:
  FERRY_OP("ReduceMean", "opset1")
  ReduceMean() = default;
  ReduceMean(const Output<Node>& data, const Output<Node>& axes, bool keep_dims = false);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  bool get_keep_dims() const { return m_keep_dims; }
  void set_keep_dims(bool value) { m_keep_dims = value; }

 private:
  bool m_keep_dims = false;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
