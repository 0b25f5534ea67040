#include "ferry/graph/ops/max_pool.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/ops/pooling_common.hpp"

namespace ferry {
namespace op {
namespace v1 {

MaxPool::MaxPool(const Output<Node>& data, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                 const Shape& kernel, RoundingType rounding_type, PadType auto_pad)
    : Op({data}),
      m_strides(strides),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_kernel(kernel),
      m_rounding_type(rounding_type),
      m_auto_pad(auto_pad) {
  constructor_validate_and_infer_types();
}

void MaxPool::validate_and_infer_types() {
  internal::WindowSpec spec{m_strides,
                            Strides(m_kernel.size(), 1),
                            internal::to_pads(m_pads_begin),
                            internal::to_pads(m_pads_end),
                            m_auto_pad,
                            m_rounding_type};
  const PartialShape shape = internal::validate_pooling(*this, spec, m_kernel, false);
  m_pads_begin = internal::from_pads(spec.pads_begin);
  m_pads_end = internal::from_pads(spec.pads_end);
  set_output_type(0, get_input_element_type(0), shape);
}

bool MaxPool::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("strides", m_strides);
  visitor.on_attribute("pads_begin", m_pads_begin);
  visitor.on_attribute("pads_end", m_pads_end);
  visitor.on_attribute("kernel", m_kernel);
  visitor.on_enum("rounding_type", m_rounding_type);
  visitor.on_enum("auto_pad", m_auto_pad);
  return true;
}

std::shared_ptr<Node> MaxPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<MaxPool>(inputs[0], m_strides, m_pads_begin, m_pads_end, m_kernel, m_rounding_type,
                                   m_auto_pad);
}

bool MaxPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const internal::WindowSpec spec{m_strides,
                                  Strides(m_kernel.size(), 1),
                                  internal::to_pads(m_pads_begin),
                                  internal::to_pads(m_pads_end),
                                  m_auto_pad,
                                  m_rounding_type};
  return internal::evaluate_max_pool(*this, spec, m_kernel, 0, element::undefined, outputs, inputs);
}

}  // namespace v1

namespace v8 {

MaxPool::MaxPool(const Output<Node>& data, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
                 const Shape& pads_end, const Shape& kernel, RoundingType rounding_type, PadType auto_pad,
                 const element::Type& index_element_type, int64_t axis)
    : MaxPool(false, data, strides, dilations, pads_begin, pads_end, kernel, rounding_type, auto_pad,
              index_element_type, axis) {}

MaxPool::MaxPool(bool allow_ceil_torch, const Output<Node>& data, const Strides& strides, const Strides& dilations,
                 const Shape& pads_begin, const Shape& pads_end, const Shape& kernel, RoundingType rounding_type,
                 PadType auto_pad, const element::Type& index_element_type, int64_t axis)
    : Op({data}, 2),
      m_strides(strides),
      m_dilations(dilations),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_kernel(kernel),
      m_rounding_type(rounding_type),
      m_auto_pad(auto_pad),
      m_index_element_type(index_element_type),
      m_axis(axis) {
  validate(allow_ceil_torch);  // not the virtual: MaxPool-14 is not constructed yet
}

void MaxPool::validate(bool allow_ceil_torch) {
  internal::WindowSpec spec{m_strides,  m_dilations,    internal::to_pads(m_pads_begin), internal::to_pads(m_pads_end),
                            m_auto_pad, m_rounding_type};
  const PartialShape shape = internal::validate_pooling(*this, spec, m_kernel, allow_ceil_torch);
  if (m_index_element_type != element::i32 && m_index_element_type != element::i64)
    node_error("index_element_type must be i32 or i64, got ", m_index_element_type);
  const PartialShape& data = get_input_partial_shape(0);
  if (data.rank().is_static()) internal::normalize_axis(*this, m_axis, static_cast<int64_t>(data.size()), "axis");
  m_pads_begin = internal::from_pads(spec.pads_begin);
  m_pads_end = internal::from_pads(spec.pads_end);
  set_output_type(0, get_input_element_type(0), shape);
  set_output_type(1, m_index_element_type, shape);
}

void MaxPool::validate_and_infer_types() { validate(false); }

bool MaxPool::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("strides", m_strides);
  visitor.on_attribute("dilations", m_dilations);
  visitor.on_attribute("pads_begin", m_pads_begin);
  visitor.on_attribute("pads_end", m_pads_end);
  visitor.on_attribute("kernel", m_kernel);
  visitor.on_enum("rounding_type", m_rounding_type);
  visitor.on_enum("auto_pad", m_auto_pad);
  visitor.on_attribute("index_element_type", m_index_element_type);
  visitor.on_attribute("axis", m_axis);
  return true;
}

std::shared_ptr<Node> MaxPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<MaxPool>(inputs[0], m_strides, m_dilations, m_pads_begin, m_pads_end, m_kernel,
                                   m_rounding_type, m_auto_pad, m_index_element_type, m_axis);
}

bool MaxPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const internal::WindowSpec spec{
      m_strides,  m_dilations,    internal::to_pads(m_pads_begin), internal::to_pads(m_pads_end),
      m_auto_pad, m_rounding_type};
  return internal::evaluate_max_pool(*this, spec, m_kernel, m_axis, m_index_element_type, outputs, inputs);
}

}  // namespace v8

namespace v14 {

MaxPool::MaxPool(const Output<Node>& data, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
                 const Shape& pads_end, const Shape& kernel, RoundingType rounding_type, PadType auto_pad,
                 const element::Type& index_element_type, int64_t axis)
    : v8::MaxPool(true, data, strides, dilations, pads_begin, pads_end, kernel, rounding_type, auto_pad,
                  index_element_type, axis) {}

void MaxPool::validate_and_infer_types() { validate(true); }

std::shared_ptr<Node> MaxPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<MaxPool>(inputs[0], m_strides, m_dilations, m_pads_begin, m_pads_end, m_kernel,
                                   m_rounding_type, m_auto_pad, m_index_element_type, m_axis);
}

}  // namespace v14
}  // namespace op
}  // namespace ferry
