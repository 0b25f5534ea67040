#pragma once

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v8 {

// Adaptive pooling of data [N, C, S...] (1 to 3 spatial axes) to the spatial lengths of the
// 1-D integer input output_shape: output position o of an axis of input length L pools the
// bin [floor(o * L / O), ceil((o + 1) * L / O)), O being the output length.
// AdaptiveAvgPool averages each bin (any real type; f16/bf16 summed in double).
class AdaptiveAvgPool : public Op {
 public:
  FERRY_OP("AdaptiveAvgPool", "opset8")
  AdaptiveAvgPool() = default;
  AdaptiveAvgPool(const Output<Node>& data, const Output<Node>& output_shape);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor&) override { return true; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }
};

// AdaptiveMaxPool takes each bin's maximum (any numeric type); output 1 holds its index within
// the channel's flattened spatial plane (first of equal maxima), of "index_element_type"
// (i32 or i64). IR attribute: "index_element_type".
class AdaptiveMaxPool : public Op {
 public:
  FERRY_OP("AdaptiveMaxPool", "opset8")
  AdaptiveMaxPool() = default;
  AdaptiveMaxPool(const Output<Node>& data, const Output<Node>& output_shape,
                  const element::Type& index_element_type = element::i64);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const element::Type& get_index_element_type() const { return m_index_element_type; }

 private:
  element::Type m_index_element_type = element::i64;
};

}  // namespace v8
}  // namespace op
}  // namespace ferry
