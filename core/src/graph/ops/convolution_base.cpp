#include "ferry/graph/ops/convolution_base.hpp"

#include "core/src/graph/ops/convolution_common.hpp"

namespace ferry {
namespace op {
namespace util {

void ConvolutionBase::validate_and_infer_types() {
  internal::WindowSpec spec{m_strides, m_dilations, m_pads_begin, m_pads_end, m_auto_pad};
  internal::validate_convolution(*this, spec, grouped());
  m_pads_begin = spec.pads_begin;
  m_pads_end = spec.pads_end;
}

bool ConvolutionBase::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("strides", m_strides);
  visitor.on_attribute("dilations", m_dilations);
  visitor.on_attribute("pads_begin", m_pads_begin);
  visitor.on_attribute("pads_end", m_pads_end);
  visitor.on_enum("auto_pad", m_auto_pad);
  return true;
}

bool ConvolutionBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::evaluate_convolution(*this, {m_strides, m_dilations, m_pads_begin, m_pads_end, m_auto_pad},
                                        grouped(), outputs, inputs);
}

}  // namespace util
}  // namespace op
}  // namespace ferry
