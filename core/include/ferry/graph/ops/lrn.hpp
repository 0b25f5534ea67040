#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Local response normalisation: y = x / (bias + alpha / size^n * sum(x'^2))^beta, the sum over a
// window of "size" positions (from i - (size-1)/2 to i + size/2, clipped) along each of the n
// axes of the second input (i32/i64 constant or runtime tensor). IR attributes: alpha, beta,
// bias, size. Reals only.
class LRN : public Op {
 public:
  FERRY_OP("LRN", "opset1")
  LRN() = default;
  LRN(const Output<Node>& data, const Output<Node>& axes, double alpha, double beta, double bias, size_t size);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  double get_alpha() const { return m_alpha; }
  double get_beta() const { return m_beta; }
  double get_bias() const { return m_bias; }
  size_t get_nsize() const { return static_cast<size_t>(m_size); }

 private:
  double m_alpha = 1e-4;
  double m_beta = 0.75;
  double m_bias = 1.0;
  int64_t m_size = 1;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
