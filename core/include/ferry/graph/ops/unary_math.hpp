#pragma once

#include <ostream>
#include <utility>
#include <vector>

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// Gelu's formula (IR attribute "approximation_mode").
enum class GeluApproximationMode { ERF, TANH };
// Round's tie breaking (IR attribute "mode").
enum class RoundMode { HALF_TO_EVEN, HALF_AWAY_FROM_ZERO };

namespace util {

// The elementwise math functions of transformer graphs: one input, the output has its element
// type and shape. Mirrors UnaryElementwise; kept apart because several of these take integers
// natively (Abs, Negative, Sign) and two carry an attribute (Gelu, Round).
class UnaryMath : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  enum class Kind {
    ERF,
    GELU_ERF,
    GELU_TANH,
    SQRT,
    LOG,
    ABS,
    NEGATIVE,
    FLOOR,
    CEILING,
    SIGN,
    ROUND_EVEN,
    ROUND_AWAY,
    SIN,
    COS,
    TAN,
    ASIN,
    ACOS,
    ATAN,
    SINH,
    COSH,
    ASINH,
    ACOSH,
    ATANH,
    SOFTSIGN
  };
  virtual Kind get_kind() const = 0;

 protected:
  UnaryMath() = default;
  explicit UnaryMath(const Output<Node>& value) : Op({value}) {}
  // Gelu and SoftSign accept real types only; the others any numeric type.
  virtual bool reals_only() const { return false; }
};

}  // namespace util

namespace v0 {

#define FERRY_UNARY_MATH_OP_IN(CLASS, KIND, OPSET)                                                           \
  class CLASS : public util::UnaryMath {                                                                     \
   public:                                                                                                   \
    FERRY_OP(#CLASS, OPSET)                                                                                  \
    CLASS() = default;                                                                                       \
    explicit CLASS(const Output<Node>& value) : UnaryMath(value) { constructor_validate_and_infer_types(); } \
    Kind get_kind() const override { return Kind::KIND; }                                                    \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;                  \
  };

#define FERRY_UNARY_MATH_OP(CLASS, KIND) FERRY_UNARY_MATH_OP_IN(CLASS, KIND, "opset1")
FERRY_UNARY_MATH_OP(Erf, ERF)
FERRY_UNARY_MATH_OP(Sqrt, SQRT)
FERRY_UNARY_MATH_OP(Log, LOG)
FERRY_UNARY_MATH_OP(Abs, ABS)
FERRY_UNARY_MATH_OP(Negative, NEGATIVE)
FERRY_UNARY_MATH_OP(Floor, FLOOR)
FERRY_UNARY_MATH_OP(Ceiling, CEILING)
FERRY_UNARY_MATH_OP(Sign, SIGN)
FERRY_UNARY_MATH_OP(Sin, SIN)
FERRY_UNARY_MATH_OP(Cos, COS)
FERRY_UNARY_MATH_OP(Tan, TAN)
FERRY_UNARY_MATH_OP(Asin, ASIN)
FERRY_UNARY_MATH_OP(Acos, ACOS)
FERRY_UNARY_MATH_OP(Atan, ATAN)
FERRY_UNARY_MATH_OP(Sinh, SINH)
FERRY_UNARY_MATH_OP(Cosh, COSH)
#undef FERRY_UNARY_MATH_OP

}  // namespace v0

namespace v3 {
// The inverse hyperbolic functions came with opset4 (OpenVINO keeps them in namespace v3).
FERRY_UNARY_MATH_OP_IN(Asinh, ASINH, "opset4")
FERRY_UNARY_MATH_OP_IN(Acosh, ACOSH, "opset4")
FERRY_UNARY_MATH_OP_IN(Atanh, ATANH, "opset4")
}  // namespace v3
#undef FERRY_UNARY_MATH_OP_IN

namespace v9 {

// x / (1 + |x|), real types only.
class SoftSign : public util::UnaryMath {
 public:
  FERRY_OP("SoftSign", "opset9")
  SoftSign() = default;
  explicit SoftSign(const Output<Node>& value) : UnaryMath(value) { constructor_validate_and_infer_types(); }
  Kind get_kind() const override { return Kind::SOFTSIGN; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

 protected:
  bool reals_only() const override { return true; }
};

}  // namespace v9

namespace v7 {

// x * Phi(x): exact with erf, or the tanh approximation.
class Gelu : public util::UnaryMath {
 public:
  FERRY_OP("Gelu", "opset7")
  Gelu() = default;
  explicit Gelu(const Output<Node>& value, GeluApproximationMode mode = GeluApproximationMode::ERF);
  bool visit_attributes(AttributeVisitor& visitor) override;
  Kind get_kind() const override { return m_mode == GeluApproximationMode::ERF ? Kind::GELU_ERF : Kind::GELU_TANH; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  GeluApproximationMode get_approximation_mode() const { return m_mode; }

 protected:
  bool reals_only() const override { return true; }

 private:
  GeluApproximationMode m_mode = GeluApproximationMode::ERF;
};

}  // namespace v7

namespace v5 {

// Rounds to the nearest integer; integer inputs pass through.
class Round : public util::UnaryMath {
 public:
  FERRY_OP("Round", "opset5")
  Round() = default;
  explicit Round(const Output<Node>& value, RoundMode mode = RoundMode::HALF_TO_EVEN);
  bool visit_attributes(AttributeVisitor& visitor) override;
  Kind get_kind() const override { return m_mode == RoundMode::HALF_TO_EVEN ? Kind::ROUND_EVEN : Kind::ROUND_AWAY; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  RoundMode get_mode() const { return m_mode; }

 private:
  RoundMode m_mode = RoundMode::HALF_TO_EVEN;
};

}  // namespace v5
}  // namespace op

template <>
struct EnumNames<op::GeluApproximationMode> {
  static const std::vector<std::pair<const char*, op::GeluApproximationMode>>& table() {
    static const std::vector<std::pair<const char*, op::GeluApproximationMode>> names = {
        {"ERF", op::GeluApproximationMode::ERF}, {"TANH", op::GeluApproximationMode::TANH}};
    return names;
  }
};

template <>
struct EnumNames<op::RoundMode> {
  static const std::vector<std::pair<const char*, op::RoundMode>>& table() {
    static const std::vector<std::pair<const char*, op::RoundMode>> names = {
        {"half_to_even", op::RoundMode::HALF_TO_EVEN}, {"half_away_from_zero", op::RoundMode::HALF_AWAY_FROM_ZERO}};
    return names;
  }
};

}  // namespace ferry
