#include <cstring>
#include <string>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {

using dnnl::memory;
using Tag = memory::format_tag;

// The per-channel bias an Add adds to `value` ([1, C, 1, 1], [C, 1, 1] or [C]), else null.
std::shared_ptr<const op::v0::Constant> channel_bias(const Node& add, const Node& value, size_t channels) {
  if (!is_op(add, "Add") || add.get_input_size() != 2) return nullptr;
  const size_t other = add.get_input_node_ptr(0) == &value ? 1 : 0;
  auto bias = std::dynamic_pointer_cast<const op::v0::Constant>(add.get_input_node_shared_ptr(other));
  if (!bias || bias->get_output_element_type(0) != element::f32) return nullptr;
  const Shape& shape = bias->get_output_shape(0);
  if (shape_size(shape) != channels || add.get_output_shape(0) != value.get_output_shape(0)) return nullptr;
  // The channel axis must be axis 1 of the 4-D output: trailing dims of 1 after C.
  if (shape.size() == 4 && shape[1] != channels) return nullptr;
  if (shape.size() == 3 && shape[0] != channels) return nullptr;
  if (shape.size() == 2 || shape.size() > 4) return nullptr;
  return bias;
}

memory::dims to_dims(const Shape& shape) { return memory::dims(shape.begin(), shape.end()); }

bool host_has_avx512() {
  const auto isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
  const auto avx512 = static_cast<unsigned>(dnnl::cpu_isa::avx512_core);
  return (isa & avx512) == avx512;
}

// The activation layout to ask for. Left to oneDNN (format any), it takes channels-last for its
// brgconv kernels, the fastest at batch 1 on AVX-512; over several images its direct and 1x1
// kernels on nChw16c are faster (ResNet-50 at batch 8 on one thread: 433 against 493 ms of
// convolutions, ONEDNN_VERBOSE; docs/PERFORMANCE.md), so f32 batches of models whose convolutions
// all take it ask for those (choose_convolution_layout).
Tag activation_layout(const Shape& source, const Shape& output, memory::data_type products,
                      BatchedConvolutions batched) {
  const bool several_images =
      batched == BatchedConvolutions::kBlocked && source[0] > 1 && source[1] % 16 == 0 && output[1] % 16 == 0;
  return several_images && products == memory::data_type::f32 && host_has_avx512() ? Tag::nChw16c : Tag::any;
}

}  // namespace

BatchedConvolutions choose_convolution_layout(const Model& model) {
  for (const auto& node : model.get_ordered_ops()) {
    if (!is_op(*node, "Convolution") && !is_op(*node, "GroupConvolution")) continue;
    if (node->get_input_partial_shape(0).is_dynamic() || node->get_input_partial_shape(0).size() != 4 ||
        node->get_output_partial_shape(0).is_dynamic())
      continue;
    const size_t in = node->get_input_shape(0)[1];
    const size_t out = node->get_output_shape(0)[1];
    if (in >= 16 && (in % 16 != 0 || out % 16 != 0)) return BatchedConvolutions::kAsOneDnnPrefers;
  }
  return BatchedConvolutions::kBlocked;
}

std::optional<LoweredOp> lower_convolution(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of,
                                           memory::data_type products, BatchedConvolutions batched) {
  const bool grouped = is_op(*node, "GroupConvolution");
  if (!grouped && !is_op(*node, "Convolution")) return std::nullopt;
  const auto* base = dynamic_cast<const op::util::ConvolutionBase*>(node.get());
  auto filters = std::dynamic_pointer_cast<const op::v0::Constant>(node->get_input_node_shared_ptr(1));
  if (!base || !filters || node->get_input_element_type(0) != element::f32 ||
      filters->get_output_element_type(0) != element::f32 || node->get_input_partial_shape(0).is_dynamic() ||
      node->get_input_partial_shape(0).size() != 4)
    return std::nullopt;
  for (auto pad : base->get_pads_begin())
    if (pad < 0) return std::nullopt;  // a crop: the reference kernel handles it
  for (auto pad : base->get_pads_end())
    if (pad < 0) return std::nullopt;

  const Shape& source_shape = node->get_input_shape(0);
  const Shape& filter_shape = filters->get_output_shape(0);
  const Shape& output_shape = node->get_output_shape(0);
  const size_t channels = output_shape[1];

  LoweredOp lowered;
  if (products == memory::data_type::bf16) lowered.exec_type = "onednn_bf16";
  const Epilogue epilogue = fuse_epilogue(
      node, [&](const Node& add) { return channel_bias(add, *node, channels); }, layout_of, lowered);

  // Activations in the layouts the primitive prefers (activation_layout): the compiler reorders
  // only where a neighbour needs another (and into bf16 for bf16 products: the destination
  // stays f32, so the ops around need no bf16 kernels).
  const dnnl::engine& cpu = cpu_engine();
  const Tag layout = activation_layout(source_shape, output_shape, products, batched);
  const memory::desc source(to_dims(source_shape), products, layout);
  const memory::desc destination = layout == Tag::any
                                       ? any_layout(output_shape)
                                       : memory::desc(to_dims(output_shape), memory::data_type::f32, layout);
  const memory::dims filter_dims = to_dims(filter_shape);
  const memory::desc any_weights(filter_dims, products, Tag::any);
  const memory::desc bias_desc({static_cast<memory::dim>(channels)}, memory::data_type::f32, Tag::a);
  memory::dims strides, dilations, pads_begin, pads_end;
  for (auto stride : base->get_strides()) strides.push_back(static_cast<memory::dim>(stride));
  for (auto dilation : base->get_dilations()) dilations.push_back(static_cast<memory::dim>(dilation) - 1);
  for (auto pad : base->get_pads_begin()) pads_begin.push_back(pad);
  for (auto pad : base->get_pads_end()) pads_end.push_back(pad);

  const auto describe = [&](const memory::desc& from, const memory::desc& to) {
    return epilogue.bias ? dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference,
                                                           dnnl::algorithm::convolution_direct, from, any_weights,
                                                           bias_desc, to, strides, dilations, pads_begin, pads_end)
                         : dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference,
                                                           dnnl::algorithm::convolution_direct, from, any_weights, to,
                                                           strides, dilations, pads_begin, pads_end);
  };
  const auto make_primitive = [&]() -> dnnl::convolution_forward::primitive_desc {
    if (layout != Tag::any) {
      try {
        dnnl::convolution_forward::primitive_desc asked(describe(source, destination),
                                                        primitive_attributes(epilogue.post_ops), cpu);
        // oneDNN's reference kernel takes any layout, slowly: then the layout it picks instead.
        if (std::string(asked.impl_info_str()).rfind("ref", 0) != 0) return asked;
      } catch (const dnnl::error&) {
        // No kernel for this shape in the asked layout: the one oneDNN picks.
      }
    }
    return {describe(memory::desc(to_dims(source_shape), products, Tag::any), any_layout(output_shape)),
            primitive_attributes(epilogue.post_ops), cpu};
  };
  const dnnl::convolution_forward::primitive_desc primitive = make_primitive();

  auto constants =
      prepare_constants(memory::desc(filter_dims, memory::data_type::f32, grouped ? Tag::goihw : Tag::oihw),
                        filters->get_data_ptr(), primitive.weights_desc(), epilogue.bias.get(), bias_desc);
  lowered.primitive = dnnl::convolution_forward(primitive);
  lowered.scratchpad = primitive.scratchpad_desc();
  lowered.reads.push_back({DNNL_ARG_SRC, node->input_value(0), primitive.src_desc()});
  lowered.destination = primitive.dst_desc();
  lowered.constants = std::move(constants);
  return lowered;
}

}  // namespace ferry::cpu::engine
