#pragma once

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// Two inputs of one element type, broadcast per "auto_broadcast" (numpy by default); the
// output is boolean. Mirrors BinaryElementwiseArithmetic.
class BinaryElementwiseComparison : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const AutoBroadcastSpec& get_autob() const { return m_autob; }
  void set_autob(const AutoBroadcastSpec& autob) { m_autob = autob; }

  enum class Kind { EQUAL, NOT_EQUAL, LESS, GREATER, LESS_EQUAL, GREATER_EQUAL };
  virtual Kind get_kind() const = 0;

 protected:
  BinaryElementwiseComparison() = default;
  BinaryElementwiseComparison(const Output<Node>& a, const Output<Node>& b, const AutoBroadcastSpec& autob)
      : Op({a, b}), m_autob(autob) {}

 private:
  AutoBroadcastSpec m_autob{AutoBroadcastType::NUMPY};
};

}  // namespace util

namespace v1 {

#define FERRY_COMPARISON_OP(CLASS, KIND)                                                    \
  class CLASS : public util::BinaryElementwiseComparison {                                  \
   public:                                                                                  \
    FERRY_OP(#CLASS, "opset1")                                                              \
    CLASS() = default;                                                                      \
    CLASS(const Output<Node>& a, const Output<Node>& b,                                     \
          const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY))     \
        : BinaryElementwiseComparison(a, b, autob) {                                        \
      constructor_validate_and_infer_types();                                               \
    }                                                                                       \
    Kind get_kind() const override { return Kind::KIND; }                                   \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override; \
  };

FERRY_COMPARISON_OP(Equal, EQUAL)
FERRY_COMPARISON_OP(NotEqual, NOT_EQUAL)
FERRY_COMPARISON_OP(Less, LESS)
FERRY_COMPARISON_OP(Greater, GREATER)
FERRY_COMPARISON_OP(LessEqual, LESS_EQUAL)
FERRY_COMPARISON_OP(GreaterEqual, GREATER_EQUAL)
#undef FERRY_COMPARISON_OP

}  // namespace v1
}  // namespace op
}  // namespace ferry
