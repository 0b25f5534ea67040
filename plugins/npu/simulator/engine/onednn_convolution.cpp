#include "onednn_convolution.hpp"

#include <cstring>
#include <oneapi/dnnl/dnnl.hpp>

#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "onednn_engine.hpp"

namespace ferry::npu::engine {
namespace {

using dnnl::memory;
using Tag = memory::format_tag;

bool is_op(const Node& node, const char* type) { return std::strcmp(node.get_type_name(), type) == 0; }

// The one op reading `node`'s output 0, when there is exactly one reader.
std::shared_ptr<const Node> only_reader(const Node& node) {
  if (node.get_output_size() != 1) return nullptr;
  const auto readers = node.get_output_target_inputs(0);
  if (readers.size() != 1) return nullptr;
  return readers.begin()->get_node()->shared_from_this();
}

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

class ConvolutionStep : public Step {
 public:
  ConvolutionStep(std::shared_ptr<const Node> node, std::string exec_type,
                  const dnnl::convolution_forward::primitive_desc& primitive, memory::desc source,
                  memory::desc destination, memory weights, std::optional<memory> bias)
      : Step(std::move(node), std::move(exec_type)),
        primitive_(primitive),
        scratchpad_(primitive.scratchpad_desc()),
        source_(source),
        destination_(destination),
        weights_(std::move(weights)),
        bias_(std::move(bias)) {}

  void run(TensorVector& outputs, const TensorVector& inputs) const override {
    const dnnl::engine& cpu = cpu_engine();
    memory source(source_, cpu, inputs[0].data());
    memory destination(destination_, cpu, outputs[0].data());
    std::unordered_map<int, memory> arguments{
        {DNNL_ARG_SRC, source}, {DNNL_ARG_WEIGHTS, weights_}, {DNNL_ARG_DST, destination}};
    if (bias_) arguments.emplace(DNNL_ARG_BIAS, *bias_);
    arguments.emplace(DNNL_ARG_SCRATCHPAD, memory(scratchpad_, cpu));
    dnnl::stream stream(cpu);
    primitive_.execute(stream, arguments);
    stream.wait();
  }

 private:
  dnnl::convolution_forward primitive_;
  memory::desc scratchpad_;
  memory::desc source_, destination_;
  memory weights_;  // in the primitive's preferred layout, reordered once
  std::optional<memory> bias_;
};

memory::dims to_dims(const Shape& shape) { return memory::dims(shape.begin(), shape.end()); }

}  // namespace

std::optional<LoweredConvolution> lower_convolution(const std::shared_ptr<const Node>& node) {
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

  LoweredConvolution lowered;
  std::string exec_type = "onednn";
  std::shared_ptr<const op::v0::Constant> bias;
  const Node* tail = node.get();
  if (auto add = only_reader(*node)) {
    if ((bias = channel_bias(*add, *node, channels))) {
      lowered.absorbed.push_back(add);
      tail = add.get();
      exec_type += "+bias";
    }
  }
  dnnl::post_ops post_ops;
  if (auto relu = only_reader(*tail); relu && is_op(*relu, "Relu")) {
    lowered.absorbed.push_back(relu);
    post_ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
    exec_type += "+relu";
  }

  const dnnl::engine& cpu = cpu_engine();
  const memory::desc source(to_dims(source_shape), memory::data_type::f32, Tag::nchw);
  const memory::desc destination(to_dims(output_shape), memory::data_type::f32, Tag::nchw);
  const memory::dims filter_dims = to_dims(filter_shape);
  const memory::desc any_weights(filter_dims, memory::data_type::f32, Tag::any);
  const memory::desc bias_desc({static_cast<memory::dim>(channels)}, memory::data_type::f32, Tag::a);
  memory::dims strides, dilations, pads_begin, pads_end;
  for (auto stride : base->get_strides()) strides.push_back(static_cast<memory::dim>(stride));
  for (auto dilation : base->get_dilations()) dilations.push_back(static_cast<memory::dim>(dilation) - 1);
  for (auto pad : base->get_pads_begin()) pads_begin.push_back(pad);
  for (auto pad : base->get_pads_end()) pads_end.push_back(pad);

  const auto description =
      bias
          ? dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
                                            source, any_weights, bias_desc, destination, strides, dilations, pads_begin,
                                            pads_end)
          : dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
                                            source, any_weights, destination, strides, dilations, pads_begin, pads_end);
  dnnl::primitive_attr attributes;
  attributes.set_post_ops(post_ops);
  // oneDNN's own scratchpad is per creating thread: a graph created on one thread runs on a
  // queue's worker, so each execution brings its own.
  attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  const dnnl::convolution_forward::primitive_desc primitive(description, attributes, cpu);

  // The weights, reordered once into the layout the primitive prefers.
  const memory plain_weights({filter_dims, memory::data_type::f32, grouped ? Tag::goihw : Tag::oihw}, cpu,
                             const_cast<void*>(filters->get_data_ptr()));
  memory weights(primitive.weights_desc(), cpu);
  dnnl::stream stream(cpu);
  dnnl::reorder(plain_weights, weights).execute(stream, const_cast<memory&>(plain_weights), weights);
  std::optional<memory> bias_memory;
  if (bias) {
    bias_memory.emplace(bias_desc, cpu);
    std::memcpy(bias_memory->get_data_handle(), bias->get_data_ptr(), channels * sizeof(float));
  }
  stream.wait();

  lowered.step = std::make_unique<ConvolutionStep>(node, exec_type, primitive, source, destination, std::move(weights),
                                                   std::move(bias_memory));
  return lowered;
}

}  // namespace ferry::npu::engine
