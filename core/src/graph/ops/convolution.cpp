#include "ferry/graph/ops/convolution.hpp"

#include "core/src/graph/ops/convolution_common.hpp"

namespace ferry {
namespace op {
namespace v1 {

Convolution::Convolution(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                         const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                         PadType auto_pad)
    : Op({data, filters}),
      m_strides(strides),
      m_dilations(dilations),
      m_pads_begin(pads_begin),
      m_pads_end(pads_end),
      m_auto_pad(auto_pad) {
  constructor_validate_and_infer_types();
}

void Convolution::validate_and_infer_types() {
  internal::WindowSpec spec{m_strides, m_dilations, m_pads_begin, m_pads_end, m_auto_pad};
  internal::validate_convolution(*this, spec, false);
  m_pads_begin = spec.pads_begin;
  m_pads_end = spec.pads_end;
}

bool Convolution::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("strides", m_strides);
  visitor.on_attribute("dilations", m_dilations);
  visitor.on_attribute("pads_begin", m_pads_begin);
  visitor.on_attribute("pads_end", m_pads_end);
  visitor.on_enum("auto_pad", m_auto_pad);
  return true;
}

std::shared_ptr<Node> Convolution::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Convolution>(inputs[0], inputs[1], m_strides, m_pads_begin, m_pads_end, m_dilations,
                                       m_auto_pad);
}

bool Convolution::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  return internal::evaluate_convolution(*this, {m_strides, m_dilations, m_pads_begin, m_pads_end, m_auto_pad}, false,
                                        outputs, inputs);
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
