#pragma once

#include "ferry/base/auto_broadcast.hpp"
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

  enum class Kind { ADD, SUBTRACT, MULTIPLY, DIVIDE, MAXIMUM, MINIMUM, POWER, MOD, FLOOR_MOD, LEFT_SHIFT, RIGHT_SHIFT };
  virtual Kind get_kind() const = 0;

 protected:
  BinaryElementwiseArithmetic() = default;
  BinaryElementwiseArithmetic(const Output<Node>& a, const Output<Node>& b, const AutoBroadcastSpec& autob);
  virtual bool python_division() const { return false; }
  // The bitwise shifts take integer types only.
  virtual bool integers_only() const { return false; }

 private:
  AutoBroadcastSpec m_autob{AutoBroadcastType::NUMPY};
};

}  // namespace util

namespace v1 {

#define FERRY_BINARY_ELEMENTWISE_OP(CLASS, KIND)                                            \
  class CLASS : public util::BinaryElementwiseArithmetic {                                  \
   public:                                                                                  \
    FERRY_OP(#CLASS, "opset1")                                                              \
    CLASS() = default;                                                                      \
    CLASS(const Output<Node>& a, const Output<Node>& b,                                     \
          const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY))     \
        : BinaryElementwiseArithmetic(a, b, autob) {                                        \
      constructor_validate_and_infer_types();                                               \
    }                                                                                       \
    Kind get_kind() const override { return Kind::KIND; }                                   \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override; \
  };

FERRY_BINARY_ELEMENTWISE_OP(Add, ADD)
FERRY_BINARY_ELEMENTWISE_OP(Subtract, SUBTRACT)
FERRY_BINARY_ELEMENTWISE_OP(Multiply, MULTIPLY)
FERRY_BINARY_ELEMENTWISE_OP(Maximum, MAXIMUM)
FERRY_BINARY_ELEMENTWISE_OP(Minimum, MINIMUM)
// a^b; integers raise exactly (wrapping), a negative integer exponent gives 1/a^|b| truncated.
FERRY_BINARY_ELEMENTWISE_OP(Power, POWER)
// Remainder with the sign of the dividend (C's fmod / %); integer division by zero is an error.
FERRY_BINARY_ELEMENTWISE_OP(Mod, MOD)
// Remainder with the sign of the divisor (Python's %); integer division by zero is an error.
FERRY_BINARY_ELEMENTWISE_OP(FloorMod, FLOOR_MOD)
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

namespace v15 {

// a << b and a >> b on integer types (a logical shift for unsigned, arithmetic for signed types);
// a shift by the bit width or more, or by a negative amount, gives 0 (-1 for a negative a >> b).
#define FERRY_BITWISE_SHIFT_OP(CLASS, KIND)                                                 \
  class CLASS : public util::BinaryElementwiseArithmetic {                                  \
   public:                                                                                  \
    FERRY_OP(#CLASS, "opset15")                                                             \
    CLASS() = default;                                                                      \
    CLASS(const Output<Node>& a, const Output<Node>& b,                                     \
          const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY))     \
        : BinaryElementwiseArithmetic(a, b, autob) {                                        \
      constructor_validate_and_infer_types();                                               \
    }                                                                                       \
    Kind get_kind() const override { return Kind::KIND; }                                   \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override; \
                                                                                            \
   protected:                                                                               \
    bool integers_only() const override { return true; }                                    \
  };
FERRY_BITWISE_SHIFT_OP(BitwiseLeftShift, LEFT_SHIFT)
FERRY_BITWISE_SHIFT_OP(BitwiseRightShift, RIGHT_SHIFT)
#undef FERRY_BITWISE_SHIFT_OP

}  // namespace v15
}  // namespace op
}  // namespace ferry
