#pragma once

#include <string>

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v3 {

// Replicates input 0 to a shape given by input 1 (1-D i32/i64). "mode":
//  numpy          the output shape is the target; data aligns at the trailing axes;
//  bidirectional  the output is the numpy broadcast of data and target (ONNX Expand);
//  explicit       input 2 (axes_mapping) names the output axis of each data axis.
class Broadcast : public Op {
 public:
  FERRY_OP("Broadcast", "opset3")
  Broadcast() = default;
  Broadcast(const Output<Node>& data, const Output<Node>& target_shape, const std::string& mode = "numpy");
  Broadcast(const Output<Node>& data, const Output<Node>& target_shape, const Output<Node>& axes_mapping);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const std::string& get_mode() const { return m_mode; }

 private:
  std::string m_mode = "numpy";
};

}  // namespace v3
}  // namespace op
}  // namespace ferry
