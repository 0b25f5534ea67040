// ConvolutionBackpropData-1 and GroupConvolutionBackpropData-1 on kernels/convolution_backprop.cl:
// f32, 1 to 3 spatial axes, strides, dilations, explicit/valid/same pads, output_padding and the
// optional output_shape input (static shapes: the output lengths are known, the begin pads follow
// from them as in the core op).

#include "ferry/graph/ops/convolution_backprop.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

using Base = op::util::ConvolutionBackpropBase;

bool supports(const Node& node) {
  if (!dynamic_cast<const Base*>(&node)) return false;
  if (node.get_input_element_type(0) != element::f32 || node.get_input_element_type(1) != element::f32 ||
      node.get_output_element_type(0) != element::f32)
    return false;
  const size_t rank = node.get_input_shape(0).size();
  return rank >= 3 && rank <= 5;
}

// The begin pad of spatial axis `a` (input length `in`, output length `out`), as the op decides it.
int64_t pad_begin(const Base& conv, size_t a, int64_t in, int64_t kernel, int64_t out) {
  const auto stride = static_cast<int64_t>(conv.get_strides()[a]);
  const auto dilation = static_cast<int64_t>(conv.get_dilations()[a]);
  const int64_t extra = conv.get_output_padding().empty() ? 0 : conv.get_output_padding()[a];
  const op::PadType auto_pad = conv.get_auto_pad();
  const bool derived =
      conv.get_input_size() == 3 || auto_pad == op::PadType::SAME_UPPER || auto_pad == op::PadType::SAME_LOWER;
  if (derived) {
    const int64_t total = stride * (in - 1) + dilation * (kernel - 1) + 1 + extra - out;
    const int64_t half = total >= 0 ? total / 2 : -((1 - total) / 2);  // the larger half first unless same_upper
    return auto_pad == op::PadType::SAME_UPPER ? half : total - half;
  }
  return auto_pad == op::PadType::EXPLICIT ? conv.get_pads_begin()[a] : 0;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const auto& conv = dynamic_cast<const Base&>(node);
  const bool grouped = is_type<op::v1::GroupConvolutionBackpropData>(&node);
  const Shape& x = node.get_input_shape(0);
  const Shape& w = node.get_input_shape(1);
  const Shape& y = node.get_output_shape(0);
  const size_t spatial = x.size() - 2, lead = grouped ? 3 : 2;
  const size_t groups = grouped ? w[0] : 1;
  const size_t c_in = w[lead - 2], c_out = w[lead - 1];
  cl_int4 in_shape{{1, 1, 1, 1}}, out_shape{{1, 1, 1, 1}}, kernel_shape{{1, 1, 1, 1}};
  cl_int4 strides{{1, 1, 1, 1}}, dilations{{1, 1, 1, 1}}, pads{{0, 0, 0, 0}};
  for (size_t a = 0; a < spatial; ++a) {
    in_shape.s[a] = static_cast<cl_int>(x[2 + a]);
    out_shape.s[a] = static_cast<cl_int>(y[2 + a]);
    kernel_shape.s[a] = static_cast<cl_int>(w[lead + a]);
    strides.s[a] = static_cast<cl_int>(conv.get_strides()[a]);
    dilations.s[a] = static_cast<cl_int>(conv.get_dilations()[a]);
    pads.s[a] = static_cast<cl_int>(pad_begin(conv, a, static_cast<int64_t>(x[2 + a]),
                                              static_cast<int64_t>(w[lead + a]), static_cast<int64_t>(y[2 + a])));
  }
  KernelStep step("convolution_backprop.cl", "", "convolution_backprop");
  step.value(inputs[0]).value(inputs[1]).value(outputs[0]).i32(spatial);
  step.scalar(in_shape).scalar(out_shape).scalar(kernel_shape).scalar(strides).scalar(dilations).scalar(pads);
  step.i32(groups).i32(c_in).i32(c_out).range1(element_count(y));
  return {step};
}

}  // namespace

const Primitive& convolution_backprop_primitive() {
  static const Primitive primitive{"convolution_backprop", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
