#include "ferry/graph/ops/avg_pool.hpp"

#include "core/src/graph/ops/pooling_common.hpp"

namespace ferry {
namespace op {
namespace v1 {

AvgPool::AvgPool(const Output<Node>& data, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                 const Shape& kernel, bool exclude_pad, RoundingType rounding_type, PadType auto_pad)
    : AvgPool(false, data, strides, Strides{}, pads_begin, pads_end, kernel, exclude_pad, rounding_type, auto_pad) {}

AvgPool::AvgPool(bool allow_ceil_torch, const Output<Node>& data, const Strides& strides, const Strides& dilations,
                 const Shape& pads_begin, const Shape& pads_end, const Shape& kernel, bool exclude_pad,
                 RoundingType rounding_type, PadType auto_pad)
    : Op({data}),
      m_strides(strides),
      m_dilations(dilations),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_kernel(kernel),
      m_exclude_pad(exclude_pad),
      m_rounding_type(rounding_type),
      m_auto_pad(auto_pad) {
  validate(allow_ceil_torch);  // not the virtual: AvgPool-14 is not constructed yet
}

namespace {

internal::WindowSpec make_spec(const Strides& strides, const Strides& dilations, const Shape& kernel,
                               const Shape& pads_begin, const Shape& pads_end, PadType auto_pad,
                               RoundingType rounding) {
  return {strides,
          dilations.empty() ? Strides(kernel.size(), 1) : dilations,
          internal::to_pads(pads_begin),
          internal::to_pads(pads_end),
          auto_pad,
          rounding};
}

}  // namespace

void AvgPool::validate(bool allow_ceil_torch) {
  internal::WindowSpec spec =
      make_spec(m_strides, m_dilations, m_kernel, m_pads_begin, m_pads_end, m_auto_pad, m_rounding_type);
  const PartialShape shape = internal::validate_pooling(*this, spec, m_kernel, allow_ceil_torch);
  if (m_exclude_pad) {
    // Otherwise a window could lie wholly in the padding and average nothing.
    for (size_t axis = 0; axis < m_kernel.size(); ++axis) {
      const auto kernel = static_cast<std::ptrdiff_t>((m_kernel[axis] - 1) * spec.dilations[axis] + 1);
      if (spec.pads_begin[axis] >= kernel || spec.pads_end[axis] >= kernel)
        node_error("with exclude-pad the dilated kernel (", kernel, ") must be longer than pads_begin (",
                   spec.pads_begin[axis], ") and pads_end (", spec.pads_end[axis], ") at spatial axis ", axis);
    }
  }
  m_pads_begin = internal::from_pads(spec.pads_begin);
  m_pads_end = internal::from_pads(spec.pads_end);
  set_output_type(0, get_input_element_type(0), shape);
}

void AvgPool::validate_and_infer_types() { validate(false); }

bool AvgPool::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("strides", m_strides);
  visitor.on_attribute("pads_begin", m_pads_begin);
  visitor.on_attribute("pads_end", m_pads_end);
  visitor.on_attribute("kernel", m_kernel);
  visitor.on_attribute("exclude-pad", m_exclude_pad);
  visitor.on_enum("rounding_type", m_rounding_type);
  visitor.on_enum("auto_pad", m_auto_pad);
  return true;
}

std::shared_ptr<Node> AvgPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<AvgPool>(inputs[0], m_strides, m_pads_begin, m_pads_end, m_kernel, m_exclude_pad,
                                   m_rounding_type, m_auto_pad);
}

bool AvgPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const internal::WindowSpec spec =
      make_spec(m_strides, m_dilations, m_kernel, m_pads_begin, m_pads_end, m_auto_pad, m_rounding_type);
  return internal::evaluate_avg_pool(*this, spec, m_kernel, m_exclude_pad, outputs, inputs);
}

}  // namespace v1

namespace v14 {

AvgPool::AvgPool(const Output<Node>& data, const Strides& strides, const Shape& pads_begin, const Shape& pads_end,
                 const Shape& kernel, bool exclude_pad, RoundingType rounding_type, PadType auto_pad)
    : v1::AvgPool(true, data, strides, Strides{}, pads_begin, pads_end, kernel, exclude_pad, rounding_type, auto_pad) {}

void AvgPool::validate_and_infer_types() { validate(true); }

std::shared_ptr<Node> AvgPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<AvgPool>(inputs[0], m_strides, m_pads_begin, m_pads_end, m_kernel, m_exclude_pad,
                                   m_rounding_type, m_auto_pad);
}

}  // namespace v14

namespace v16 {

AvgPool::AvgPool(const Output<Node>& data, const Strides& strides, const Strides& dilations, const Shape& pads_begin,
                 const Shape& pads_end, const Shape& kernel, bool exclude_pad, RoundingType rounding_type,
                 PadType auto_pad)
    : v1::AvgPool(true, data, strides, dilations, pads_begin, pads_end, kernel, exclude_pad, rounding_type, auto_pad) {}

void AvgPool::validate_and_infer_types() { validate(true); }

bool AvgPool::visit_attributes(AttributeVisitor& visitor) {
  v1::AvgPool::visit_attributes(visitor);
  visitor.on_attribute("dilations", m_dilations);
  return true;
}

std::shared_ptr<Node> AvgPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<AvgPool>(inputs[0], m_strides, m_dilations, m_pads_begin, m_pads_end, m_kernel, m_exclude_pad,
                                   m_rounding_type, m_auto_pad);
}

}  // namespace v16
}  // namespace op
}  // namespace ferry
