#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// Reductions over the axes given by the second input (i32/i64 scalar or 1-D, negative counts from
// the end, duplicates allowed; an empty list reduces nothing). IR attribute "keep_dims": reduced
// axes stay with length 1. Integer sums and products wrap like the element type's arithmetic;
// integer means divide with truncation toward zero. Over an empty group: sum 0, product 1,
// max the lowest value (-inf), min the highest (+inf), mean NaN (0 for integers).
class ArithmeticReductionKeepDims : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  bool get_keep_dims() const { return m_keep_dims; }
  void set_keep_dims(bool value) { m_keep_dims = value; }

  enum class Kind { SUM, MEAN, MAX, MIN, PROD, L1, L2 };
  virtual Kind get_kind() const = 0;

 protected:
  ArithmeticReductionKeepDims() = default;
  ArithmeticReductionKeepDims(const Output<Node>& data, const Output<Node>& axes, bool keep_dims)
      : Op({data, axes}), m_keep_dims(keep_dims) {}

 private:
  bool m_keep_dims = false;
};

}  // namespace util

#define FERRY_REDUCTION_OP(CLASS, OPSET, KIND)                                              \
  class CLASS : public util::ArithmeticReductionKeepDims {                                  \
   public:                                                                                  \
    FERRY_OP(#CLASS, OPSET)                                                                 \
    CLASS() = default;                                                                      \
    CLASS(const Output<Node>& data, const Output<Node>& axes, bool keep_dims = false)       \
        : ArithmeticReductionKeepDims(data, axes, keep_dims) {                              \
      constructor_validate_and_infer_types();                                               \
    }                                                                                       \
    Kind get_kind() const override { return Kind::KIND; }                                   \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override; \
  };

namespace v1 {
FERRY_REDUCTION_OP(ReduceSum, "opset1", SUM)
FERRY_REDUCTION_OP(ReduceMean, "opset1", MEAN)
FERRY_REDUCTION_OP(ReduceMax, "opset1", MAX)
FERRY_REDUCTION_OP(ReduceMin, "opset1", MIN)
FERRY_REDUCTION_OP(ReduceProd, "opset1", PROD)
}  // namespace v1

namespace v4 {
FERRY_REDUCTION_OP(ReduceL1, "opset4", L1)  // sum of |x|
FERRY_REDUCTION_OP(ReduceL2, "opset4", L2)  // sqrt of the sum of x^2 (integers: truncated)
}  // namespace v4
#undef FERRY_REDUCTION_OP

}  // namespace op
}  // namespace ferry
