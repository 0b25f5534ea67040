#pragma once

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// Two boolean inputs broadcast per "auto_broadcast" (numpy by default); boolean output.
class BinaryElementwiseLogical : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const AutoBroadcastSpec& get_autob() const { return m_autob; }

  enum class Kind { AND, OR, XOR };
  virtual Kind get_kind() const = 0;

 protected:
  BinaryElementwiseLogical() = default;
  BinaryElementwiseLogical(const Output<Node>& a, const Output<Node>& b, const AutoBroadcastSpec& autob)
      : Op({a, b}), m_autob(autob) {}

 private:
  AutoBroadcastSpec m_autob{AutoBroadcastType::NUMPY};
};

}  // namespace util

namespace v1 {

#define FERRY_LOGICAL_OP(CLASS, KIND)                                                       \
  class CLASS : public util::BinaryElementwiseLogical {                                     \
   public:                                                                                  \
    FERRY_OP(#CLASS, "opset1")                                                              \
    CLASS() = default;                                                                      \
    CLASS(const Output<Node>& a, const Output<Node>& b,                                     \
          const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY))     \
        : BinaryElementwiseLogical(a, b, autob) {                                           \
      constructor_validate_and_infer_types();                                               \
    }                                                                                       \
    Kind get_kind() const override { return Kind::KIND; }                                   \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override; \
  };

FERRY_LOGICAL_OP(LogicalAnd, AND)
FERRY_LOGICAL_OP(LogicalOr, OR)
FERRY_LOGICAL_OP(LogicalXor, XOR)
#undef FERRY_LOGICAL_OP

// One boolean input; its negation.
class LogicalNot : public Op {
 public:
  FERRY_OP("LogicalNot", "opset1")
  LogicalNot() = default;
  explicit LogicalNot(const Output<Node>& value) : Op({value}) { constructor_validate_and_infer_types(); }
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
