#pragma once

#include <string>

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v3 {

// A copy of data with the slices along input 3 (scalar axis) at input 1's indices replaced by
// updates; updates' shape is data[:axis] + indices' shape + data[axis+1:].
class ScatterUpdate : public Op {
 public:
  FERRY_OP("ScatterUpdate", "opset3")
  ScatterUpdate() = default;
  ScatterUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                const Output<Node>& axis);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

// A copy of data with the slices the index tuples (indices' last axis) address replaced by
// updates (shape indices[:-1] + data[tuple length:]).
class ScatterNDUpdate : public Op {
 public:
  FERRY_OP("ScatterNDUpdate", "opset4")
  ScatterNDUpdate() = default;
  ScatterNDUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 protected:
  std::string m_reduction = "none";
};

}  // namespace v3

namespace v15 {

// ScatterNDUpdate with "reduction": none, sum, sub, prod, min, max.
class ScatterNDUpdate : public v3::ScatterNDUpdate {
 public:
  FERRY_OP("ScatterNDUpdate", "opset15")
  ScatterNDUpdate() = default;
  ScatterNDUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                  const std::string& reduction);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v15

namespace v12 {

// out = data; then out[i with the axis coordinate replaced by indices[i]] (reduction)= updates[i]
// for every i of indices' shape (= updates' shape). Input 3: scalar axis. "reduction": none,
// sum, prod, min, max, mean; "use_init_val": whether the data's value joins the reduction.
class ScatterElementsUpdate : public Op {
 public:
  FERRY_OP("ScatterElementsUpdate", "opset12")
  ScatterElementsUpdate() = default;
  ScatterElementsUpdate(const Output<Node>& data, const Output<Node>& indices, const Output<Node>& updates,
                        const Output<Node>& axis, const std::string& reduction = "none", bool use_init_val = true);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  std::string m_reduction = "none";
  bool m_use_init_val = true;
};

}  // namespace v12
}  // namespace op
}  // namespace ferry
