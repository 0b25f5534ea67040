#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// One input; the output has its element type and shape. No attributes.
class UnaryElementwise : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  enum class Kind { RELU, SIGMOID, TANH, EXP };
  virtual Kind get_kind() const = 0;

 protected:
  UnaryElementwise() = default;
  explicit UnaryElementwise(const Output<Node>& value) : Op({value}) {}
};

}  // namespace util

namespace v0 {

#define FERRY_UNARY_ELEMENTWISE_OP(CLASS, KIND)                                                                     \
  class CLASS : public util::UnaryElementwise {                                                                     \
   public:                                                                                                          \
    FERRY_OP(#CLASS, "opset1")                                                                                      \
    CLASS() = default;                                                                                              \
    explicit CLASS(const Output<Node>& value) : UnaryElementwise(value) { constructor_validate_and_infer_types(); } \
    Kind get_kind() const override { return Kind::KIND; }                                                           \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;                         \
  };

FERRY_UNARY_ELEMENTWISE_OP(Relu, RELU)
FERRY_UNARY_ELEMENTWISE_OP(Sigmoid, SIGMOID)
FERRY_UNARY_ELEMENTWISE_OP(Tanh, TANH)
FERRY_UNARY_ELEMENTWISE_OP(Exp, EXP)
#undef FERRY_UNARY_ELEMENTWISE_OP

}  // namespace v0
}  // namespace op
}  // namespace ferry
