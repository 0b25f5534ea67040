#pragma once

#include "ferry/graph/op_types.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Average pooling of data [N, C, spatial...] (1 to 3 spatial axes) with a window of `kernel`
// lengths -> [N, C, out...]. With "exclude-pad" the divisor counts only input elements;
// without it, padding counts as zeros and, once any pad is set, the divisor is the whole kernel
// (OpenVINO's rule, also where a ceil-rounded window hangs past pads_end). auto_pad
// same_upper/same_lower/valid overrides the pads. Real element types are evaluated. Versions:
// 1 (floor|ceil), 14 (+ ceil_torch), 16 (+ dilations).
// IR attributes: "strides", "pads_begin", "pads_end", "kernel", "exclude-pad",
// "rounding_type" (floor|ceil), "auto_pad".
class AvgPool : public Op {
 public:
  FERRY_OP("AvgPool", "opset1")
  AvgPool() = default;
  AvgPool(const Output<Node>& data, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
          const Shape& kernel, bool exclude_pad, RoundingType rounding_type = RoundingType::FLOOR,
          PadType auto_pad = PadType::EXPLICIT);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const Strides& get_strides() const { return m_strides; }
  void set_strides(const Strides& strides) { m_strides = strides; }
  const Shape& get_pads_begin() const { return m_pads_begin; }
  void set_pads_begin(const Shape& pads) { m_pads_begin = pads; }
  const Shape& get_pads_end() const { return m_pads_end; }
  void set_pads_end(const Shape& pads) { m_pads_end = pads; }
  const Shape& get_kernel() const { return m_kernel; }
  void set_kernel(const Shape& kernel) { m_kernel = kernel; }
  bool get_exclude_pad() const { return m_exclude_pad; }
  void set_exclude_pad(bool exclude_pad) { m_exclude_pad = exclude_pad; }
  RoundingType get_rounding_type() const { return m_rounding_type; }
  void set_rounding_type(RoundingType rounding_type) { m_rounding_type = rounding_type; }
  PadType get_auto_pad() const { return m_auto_pad; }
  void set_auto_pad(PadType auto_pad) { m_auto_pad = auto_pad; }

 protected:
  // Shared with AvgPool-14, which differs only in also accepting rounding_type ceil_torch.
  // Shared with AvgPool-16, which adds dilations (empty here: all ones).
  AvgPool(bool allow_ceil_torch, const Output<Node>& data, const Strides& strides, const Strides& dilations,
          const Shape& pads_begin, const Shape& pads_end, const Shape& kernel, bool exclude_pad,
          RoundingType rounding_type, PadType auto_pad);
  void validate(bool allow_ceil_torch);

  Strides m_strides;
  Strides m_dilations;
  Shape m_pads_begin;
  Shape m_pads_end;
  Shape m_kernel;
  bool m_exclude_pad = false;
  RoundingType m_rounding_type = RoundingType::FLOOR;
  PadType m_auto_pad = PadType::EXPLICIT;
};

}  // namespace v1

namespace v14 {

// AvgPool-1 that also accepts rounding_type "ceil_torch".
class AvgPool : public v1::AvgPool {
 public:
  FERRY_OP("AvgPool", "opset14")
  AvgPool() = default;
  AvgPool(const Output<Node>& data, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
          const Shape& kernel, bool exclude_pad, RoundingType rounding_type = RoundingType::FLOOR,
          PadType auto_pad = PadType::EXPLICIT);

  void validate_and_infer_types() override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v14

namespace v16 {

// AvgPool-14 plus "dilations" (taps spread apart, as in MaxPool-8; an empty list means ones).
class AvgPool : public v1::AvgPool {
 public:
  FERRY_OP("AvgPool", "opset16")
  AvgPool() = default;
  AvgPool(const Output<Node>& data, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
          const Shape& pads_end, const Shape& kernel, bool exclude_pad,
          RoundingType rounding_type = RoundingType::FLOOR, PadType auto_pad = PadType::EXPLICIT);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;

  const Strides& get_dilations() const { return m_dilations; }
  void set_dilations(const Strides& dilations) { m_dilations = dilations; }
};

}  // namespace v16
}  // namespace op
}  // namespace ferry
