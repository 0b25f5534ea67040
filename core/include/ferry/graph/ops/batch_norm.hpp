#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v5 {

// Inference-mode batch normalization over axis 1 (channels) of `data` (rank >= 2):
//   y = gamma * (x - mean) / sqrt(variance + epsilon) + beta
// Inputs in order: data, gamma, beta, mean, variance; the last four are 1-D of length C.
// IR attribute "epsilon" (>= 0).
class BatchNormInference : public Op {
 public:
  FERRY_OP("BatchNormInference", "opset5")
  BatchNormInference() = default;
  BatchNormInference(const Output<Node>& data, const Output<Node>& gamma, const Output<Node>& beta,
                     const Output<Node>& mean, const Output<Node>& variance, double epsilon);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

  double get_eps_value() const { return m_epsilon; }
  void set_eps_value(double epsilon) { m_epsilon = epsilon; }

 private:
  double m_epsilon = 0.0;
};

}  // namespace v5
}  // namespace op
}  // namespace ferry
