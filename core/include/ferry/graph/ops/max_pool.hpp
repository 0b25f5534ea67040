#pragma once

#include "ferry/graph/op_types.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// Max pooling of data [N, C, spatial...] (1 to 3 spatial axes) with a window of `kernel`
// lengths -> [N, C, out...]. Padding never wins: windows only take input elements. auto_pad
// same_upper/same_lower/valid overrides the pads (resolved once the spatial lengths are static).
// IR attributes: "strides", "pads_begin", "pads_end", "kernel", "rounding_type" (floor|ceil),
// "auto_pad".
class MaxPool : public Op {
 public:
  FERRY_OP("MaxPool", "opset1")
  MaxPool() = default;
  MaxPool(const Output<Node>& data, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
          const Shape& kernel, RoundingType rounding_type = RoundingType::FLOOR, PadType auto_pad = PadType::EXPLICIT);

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
  RoundingType get_rounding_type() const { return m_rounding_type; }
  void set_rounding_type(RoundingType rounding_type) { m_rounding_type = rounding_type; }
  PadType get_auto_pad() const { return m_auto_pad; }
  void set_auto_pad(PadType auto_pad) { m_auto_pad = auto_pad; }

 private:
  Strides m_strides;
  Shape m_pads_begin;
  Shape m_pads_end;
  Shape m_kernel;
  RoundingType m_rounding_type = RoundingType::FLOOR;
  PadType m_auto_pad = PadType::EXPLICIT;
};

}  // namespace v1

namespace v8 {

// MaxPool-1 plus "dilations" and a second output: the index of each maximum in the input,
// flattened from axis "axis" on (axis 0: over the whole tensor; 2: within one channel's
// spatial plane), of type "index_element_type" (i32 or i64). Ties take the first element.
// IR attributes: MaxPool-1's, "dilations", "index_element_type", "axis". rounding_type: floor|ceil.
class MaxPool : public Op {
 public:
  FERRY_OP("MaxPool", "opset8")
  MaxPool() = default;
  MaxPool(const Output<Node>& data, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
          const Shape& pads_end, const Shape& kernel, RoundingType rounding_type = RoundingType::FLOOR,
          PadType auto_pad = PadType::EXPLICIT, const element::Type& index_element_type = element::i64,
          int64_t axis = 0);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const Strides& get_strides() const { return m_strides; }
  void set_strides(const Strides& strides) { m_strides = strides; }
  const Strides& get_dilations() const { return m_dilations; }
  void set_dilations(const Strides& dilations) { m_dilations = dilations; }
  const Shape& get_pads_begin() const { return m_pads_begin; }
  void set_pads_begin(const Shape& pads) { m_pads_begin = pads; }
  const Shape& get_pads_end() const { return m_pads_end; }
  void set_pads_end(const Shape& pads) { m_pads_end = pads; }
  const Shape& get_kernel() const { return m_kernel; }
  void set_kernel(const Shape& kernel) { m_kernel = kernel; }
  RoundingType get_rounding_type() const { return m_rounding_type; }
  void set_rounding_type(RoundingType rounding_type) { m_rounding_type = rounding_type; }
  PadType get_auto_pad() const { return m_auto_pad; }
  void set_auto_pad(PadType auto_pad) { m_auto_pad = auto_pad; }
  const element::Type& get_index_element_type() const { return m_index_element_type; }
  void set_index_element_type(const element::Type& type) { m_index_element_type = type; }
  int64_t get_axis() const { return m_axis; }
  void set_axis(int64_t axis) { m_axis = axis; }

 protected:
  // Shared with MaxPool-14, which differs only in also accepting rounding_type ceil_torch.
  MaxPool(bool allow_ceil_torch, const Output<Node>& data, const Strides& strides, const Strides& dilations,
          const Shape& pads_begin, const Shape& pads_end, const Shape& kernel, RoundingType rounding_type,
          PadType auto_pad, const element::Type& index_element_type, int64_t axis);
  void validate(bool allow_ceil_torch);

  Strides m_strides;
  Strides m_dilations;
  Shape m_pads_begin;
  Shape m_pads_end;
  Shape m_kernel;
  RoundingType m_rounding_type = RoundingType::FLOOR;
  PadType m_auto_pad = PadType::EXPLICIT;
  element::Type m_index_element_type = element::i64;
  int64_t m_axis = 0;
};

}  // namespace v8

namespace v14 {

// MaxPool-8 that also accepts rounding_type "ceil_torch" (PyTorch's ceil_mode: the last window
// must start inside the input or the left padding).
class MaxPool : public v8::MaxPool {
 public:
  FERRY_OP("MaxPool", "opset14")
  MaxPool() = default;
  MaxPool(const Output<Node>& data, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
          const Shape& pads_end, const Shape& kernel, RoundingType rounding_type = RoundingType::FLOOR,
          PadType auto_pad = PadType::EXPLICIT, const element::Type& index_element_type = element::i64,
          int64_t axis = 0);

  void validate_and_infer_types() override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v14
}  // namespace op
}  // namespace ferry
