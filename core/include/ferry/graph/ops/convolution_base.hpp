#pragma once

#include "ferry/graph/op_types.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace util {

// What Convolution and GroupConvolution share: the window attributes, their IR names
// ("strides", "dilations", "pads_begin", "pads_end", "auto_pad"), shape inference and the
// reference kernel. The two differ only in the filters' layout, which grouped() tells.
// auto_pad same_upper/same_lower/valid overrides the pads, which then hold the resolved values
// once the spatial lengths are static. Element types: any numeric type, equal for both inputs.
class ConvolutionBase : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const Strides& get_strides() const { return m_strides; }
  void set_strides(const Strides& strides) { m_strides = strides; }
  const Strides& get_dilations() const { return m_dilations; }
  void set_dilations(const Strides& dilations) { m_dilations = dilations; }
  const CoordinateDiff& get_pads_begin() const { return m_pads_begin; }
  void set_pads_begin(const CoordinateDiff& pads) { m_pads_begin = pads; }
  const CoordinateDiff& get_pads_end() const { return m_pads_end; }
  void set_pads_end(const CoordinateDiff& pads) { m_pads_end = pads; }
  PadType get_auto_pad() const { return m_auto_pad; }
  void set_auto_pad(PadType auto_pad) { m_auto_pad = auto_pad; }

 protected:
  ConvolutionBase() = default;
  ConvolutionBase(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                  const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                  PadType auto_pad)
      : Op({data, filters}),
        m_strides(strides),
        m_dilations(dilations),
        m_pads_begin(pads_begin),
        m_pads_end(pads_end),
        m_auto_pad(auto_pad) {}
  virtual bool grouped() const = 0;

  Strides m_strides;
  Strides m_dilations;
  CoordinateDiff m_pads_begin;
  CoordinateDiff m_pads_end;
  PadType m_auto_pad = PadType::EXPLICIT;
};

}  // namespace util
}  // namespace op
}  // namespace ferry
