#pragma once

// Elementwise activations with a single data input: HSwish, HSigmoid, Mish, SoftPlus (no
// attributes), Elu (alpha) and Clamp (min, max). PRelu and Swish, which take a second input,
// live in prelu.hpp and swish.hpp.

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// One data input; the output has its element type and shape. Floating point only, unless
// accepts_integers() says otherwise.
class ActivationBase : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool has_evaluate() const override { return true; }

 protected:
  ActivationBase() = default;
  explicit ActivationBase(const Output<Node>& data) : Op({data}) {}
  virtual bool accepts_integers() const { return false; }
};

}  // namespace util

#define FERRY_ACTIVATION_OP(CLASS, OPSET)                                                                       \
  class CLASS : public util::ActivationBase {                                                                   \
   public:                                                                                                      \
    FERRY_OP(#CLASS, OPSET)                                                                                     \
    CLASS() = default;                                                                                          \
    explicit CLASS(const Output<Node>& data) : ActivationBase(data) { constructor_validate_and_infer_types(); } \
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;                            \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;                     \
  };

namespace v4 {
FERRY_ACTIVATION_OP(HSwish, "opset4")    // x * min(max(x + 3, 0), 6) / 6
FERRY_ACTIVATION_OP(Mish, "opset4")      // x * tanh(softplus(x))
FERRY_ACTIVATION_OP(SoftPlus, "opset4")  // ln(1 + e^x)
}  // namespace v4

namespace v5 {
FERRY_ACTIVATION_OP(HSigmoid, "opset5")  // min(max(x + 3, 0), 6) / 6
}  // namespace v5
#undef FERRY_ACTIVATION_OP

namespace v0 {

// x for x > 0, alpha * (e^x - 1) otherwise. IR attribute "alpha".
class Elu : public util::ActivationBase {
 public:
  FERRY_OP("Elu", "opset1")
  Elu() = default;
  Elu(const Output<Node>& data, double alpha);

  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

  double get_alpha() const { return m_alpha; }

 private:
  double m_alpha = 1.0;
};

// min(max(x, min), max). IR attributes "min" and "max". Integer inputs clamp to the integers
// inside [min, max] (min rounded up, max rounded down).
class Clamp : public util::ActivationBase {
 public:
  FERRY_OP("Clamp", "opset1")
  Clamp() = default;
  Clamp(const Output<Node>& data, double min, double max);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

  double get_min() const { return m_min; }
  double get_max() const { return m_max; }

 protected:
  bool accepts_integers() const override { return true; }

 private:
  double m_min = 0.0;
  double m_max = 0.0;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
