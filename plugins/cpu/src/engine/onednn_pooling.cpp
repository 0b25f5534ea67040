// MaxPool and AvgPool on oneDNN: 2-D f32 windows with explicit pads.
#include "ferry/graph/ops/avg_pool.hpp"
#include "ferry/graph/ops/max_pool.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {

using dnnl::memory;

struct Window {
  Strides strides;
  Shape kernel, pads_begin, pads_end;
  op::PadType auto_pad = op::PadType::EXPLICIT;
};

template <class Pool>
Window window_of(const Pool& pool) {
  return {pool.get_strides(), pool.get_kernel(), pool.get_pads_begin(), pool.get_pads_end(), pool.get_auto_pad()};
}

}  // namespace

std::optional<LoweredOp> lower_pooling(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of) {
  Window window;
  dnnl::algorithm algorithm;
  bool exclude_pad = true;
  if (auto max_v1 = std::dynamic_pointer_cast<const op::v1::MaxPool>(node)) {
    window = window_of(*max_v1);
    algorithm = dnnl::algorithm::pooling_max;
  } else if (auto max_v8 = std::dynamic_pointer_cast<const op::v8::MaxPool>(node)) {
    // The indices output stays unwritten: only when nothing reads it.
    if (!node->get_output_target_inputs(1).empty()) return std::nullopt;
    for (auto dilation : max_v8->get_dilations())
      if (dilation != 1) return std::nullopt;
    window = window_of(*max_v8);
    algorithm = dnnl::algorithm::pooling_max;
  } else if (auto average = std::dynamic_pointer_cast<const op::v1::AvgPool>(node)) {
    if (auto v16 = std::dynamic_pointer_cast<const op::v16::AvgPool>(node)) {
      for (auto dilation : v16->get_dilations())
        if (dilation != 1) return std::nullopt;
    }
    window = window_of(*average);
    exclude_pad = average->get_exclude_pad();
    algorithm =
        exclude_pad ? dnnl::algorithm::pooling_avg_exclude_padding : dnnl::algorithm::pooling_avg_include_padding;
  } else {
    return std::nullopt;
  }
  if (window.auto_pad != op::PadType::EXPLICIT || node->get_input_element_type(0) != element::f32 ||
      node->get_input_partial_shape(0).is_dynamic() || node->get_input_shape(0).size() != 4 ||
      window.kernel.size() != 2)
    return std::nullopt;

  const Shape& input = node->get_input_shape(0);
  const Shape& output = node->get_output_shape(0);
  memory::dims strides, kernel, pads_begin, pads_end;
  for (size_t axis = 0; axis < 2; ++axis) {
    const auto in = static_cast<memory::dim>(input[2 + axis]);
    const auto out = static_cast<memory::dim>(output[2 + axis]);
    strides.push_back(static_cast<memory::dim>(window.strides[axis]));
    kernel.push_back(static_cast<memory::dim>(window.kernel[axis]));
    pads_begin.push_back(static_cast<memory::dim>(window.pads_begin[axis]));
    // Ceil rounding adds a partial window at the end: pad to it.
    const memory::dim end = (out - 1) * strides[axis] + kernel[axis] - in - pads_begin[axis];
    if (end < 0) return std::nullopt;
    // An average counting its pads counts only the declared ones, not the partial window's.
    if (!exclude_pad && end != static_cast<memory::dim>(window.pads_end[axis])) return std::nullopt;
    pads_end.push_back(end);
  }

  // The input in the layout its producer wrote (pooling takes no "any" source).
  const dnnl::engine& cpu = cpu_engine();
  const memory::desc source = layout_of(node->input_value(0)).value_or(plain_f32(input));
  const memory::desc destination = any_layout(output);
  const dnnl::pooling_forward::desc description(dnnl::prop_kind::forward_inference, algorithm, source, destination,
                                                strides, kernel, pads_begin, pads_end);
  const dnnl::pooling_forward::primitive_desc primitive(description, primitive_attributes(), cpu);
  return lowered_reading(node->input_value(0), dnnl::pooling_forward(primitive), primitive);
}

}  // namespace ferry::cpu::engine
