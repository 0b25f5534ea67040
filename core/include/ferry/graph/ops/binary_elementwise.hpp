#pragma once

#include "ferry/graph/auto_broadcast.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// Two inputs of one element type, broadcast per "auto_broadcast" (numpy by default).
class BinaryElementwiseArithmetic : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const AutoBroadcastSpec& get_autob() const { return m_autob; }
  void set_autob(const AutoBroadcastSpec& autob) { m_autob = autob; }

  enum class Kind { ADD, SUBTRACT, MULTIPLY, DIVIDE, MAXIMUM, MINIMUM };
  virtual Kind get_kind() const = 0;

 protected:
  BinaryElementwiseArithmetic() = default;
  BinaryElementwiseArithmetic(const Output<Node>& a, const Output<Node>& b, const AutoBroadcastSpec& autob);
  virtual bool python_division() const { return false; }

 private:
  AutoBroadcastSpec m_autob{AutoBroadcastType::NUMPY};
};

}  // namespace util

namespace v1 {

#define FERRY_BINARY_ELEMENTWISE_OP(CLASS, KIND)                                                        \
  class CLASS : public util::BinaryElementwiseArithmetic {                                              \
   public:                                                                                              \
    FERRY_OP(#CLASS, "opset1")                                                                          \
    CLASS() = default;                                                                                  \
    CLASS(const Output<Node>& a, const Output<Node>& b,                                                 \
          const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY))                 \
        : BinaryElementwiseArithmetic(a, b, autob) {                                                    \
      constructor_validate_and_infer_types();                                                           \
    }                                                                                                   \
    Kind get_kind() const override { return Kind::KIND; }                                               \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;             \
  };

FERRY_BINARY_ELEMENTWISE_OP(Add, ADD)
FERRY_BINARY_ELEMENTWISE_OP(Subtract, SUBTRACT)
FERRY_BINARY_ELEMENTWISE_OP(Multiply, MULTIPLY)
FERRY_BINARY_ELEMENTWISE_OP(Maximum, MAXIMUM)
FERRY_BINARY_ELEMENTWISE_OP(Minimum, MINIMUM)
#undef FERRY_BINARY_ELEMENTWISE_OP

// Integer division floors like Python's when "m_pythondiv" is true (the default), and
// truncates toward zero like C++ otherwise. Integer division by zero is an error.
class Divide : public util::BinaryElementwiseArithmetic {
 public:
  FERRY_OP("Divide", "opset1")
  Divide() = default;
  Divide(const Output<Node>& a, const Output<Node>& b,
         const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY));
  Divide(const Output<Node>& a, const Output<Node>& b, bool pythondiv,
         const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

  bool visit_attributes(AttributeVisitor& visitor) override;
  Kind get_kind() const override { return Kind::DIVIDE; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

  bool is_pythondiv() const { return m_pythondiv; }
  void set_is_pythondiv(bool pythondiv) { m_pythondiv = pythondiv; }

 protected:
  bool python_division() const override { return m_pythondiv; }

 private:
  bool m_pythondiv = true;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
