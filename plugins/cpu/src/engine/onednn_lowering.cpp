// What the lowerings share: attributes, plain layouts, the fused epilogue, constant weights.
#include <cstring>

#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "onednn_engine.hpp"
#include "onednn_step.hpp"
#include "thread_count.hpp"

namespace ferry::cpu::engine {
namespace {

// The value an Add adds to `value` when it is a residual the sum post-op can take: another f32
// value of the same shape, already computed, else nullopt.
std::optional<Output<Node>> residual_of(const Node& add, const Node& value, const LayoutOf& layout_of) {
  if (!is_op(add, "Add") || add.get_input_size() != 2) return std::nullopt;
  const size_t other = add.get_input_node_ptr(0) == &value ? 1 : 0;
  if (add.get_input_node_ptr(1 - other) != &value || add.get_input_node_ptr(other) == &value) return std::nullopt;
  const Output<Node> operand = add.input_value(other);
  if (operand.get_element_type() != element::f32 || operand.get_partial_shape().is_dynamic() ||
      operand.get_shape() != value.get_output_shape(0) || add.get_output_shape(0) != value.get_output_shape(0))
    return std::nullopt;
  if (!layout_of(operand)) return std::nullopt;  // computed later: the Add cannot run inside this step
  return operand;
}

}  // namespace

dnnl::primitive_attr primitive_attributes(const dnnl::post_ops& post_ops) {
  dnnl::primitive_attr attributes;
  attributes.set_post_ops(post_ops);
  attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attributes;
}

dnnl::memory::desc plain_of(dnnl::memory::data_type type, const dnnl::memory::dims& dims) {
  dnnl::memory::dims strides(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) strides[i - 1] = strides[i] * dims[i];
  return dnnl::memory::desc(dims, type, strides);
}

dnnl::memory::desc plain_f32(const dnnl::memory::dims& dims) { return plain_of(dnnl::memory::data_type::f32, dims); }

dnnl::memory::desc plain_f32(const Shape& shape) { return plain_f32(dnnl::memory::dims(shape.begin(), shape.end())); }

bool is_plain(const dnnl::memory::desc& desc, dnnl::memory::data_type type) {
  return !desc.is_zero() && desc == plain_of(type, desc.dims());
}

bool is_plain(const dnnl::memory::desc& desc) { return is_plain(desc, dnnl::memory::data_type::f32); }

bool is_op(const Node& node, const char* type) { return std::strcmp(node.get_type_name(), type) == 0; }

std::shared_ptr<const Node> only_reader(const Node& node) {
  if (node.get_output_size() != 1) return nullptr;
  const auto readers = node.get_output_target_inputs(0);
  if (readers.size() != 1) return nullptr;
  return readers.begin()->get_node()->shared_from_this();
}

dnnl::memory::desc any_layout(const Shape& shape) {
  return dnnl::memory::desc(dnnl::memory::dims(shape.begin(), shape.end()), dnnl::memory::data_type::f32,
                            dnnl::memory::format_tag::any);
}

LoweredOp lowered_reading(const Output<Node>& input, dnnl::primitive primitive,
                          const dnnl::primitive_desc_base& description) {
  LoweredOp lowered;
  lowered.primitive = std::move(primitive);
  lowered.scratchpad = description.scratchpad_desc();
  lowered.reads.push_back({DNNL_ARG_SRC, input, description.src_desc()});
  lowered.destination = description.dst_desc();
  return lowered;
}

std::shared_ptr<const Node> last_of_chain(const std::shared_ptr<const Node>& node, const LoweredOp& lowered) {
  return lowered.absorbed.empty() ? node : lowered.absorbed.back();
}

Epilogue fuse_epilogue(const std::shared_ptr<const Node>& node,
                       const std::function<std::shared_ptr<const op::v0::Constant>(const Node& add)>& bias_of,
                       const LayoutOf& layout_of, LoweredOp& lowered) {
  Epilogue epilogue;
  std::shared_ptr<const Node> tail = node;
  if (auto add = only_reader(*tail)) {
    if ((epilogue.bias = bias_of(*add))) {
      lowered.absorbed.push_back(add);
      tail = add;
      lowered.exec_type += "+bias";
    }
  }
  if (auto add = only_reader(*tail)) {
    if (auto operand = residual_of(*add, *tail, layout_of)) {
      lowered.absorbed.push_back(add);
      lowered.sum_operand = operand;
      epilogue.post_ops.append_sum(1.f);
      tail = add;
      lowered.exec_type += "+sum";
    }
  }
  if (auto activation = only_reader(*tail)) {
    const auto kind =
        activation->get_output_element_type(0) == element::f32 ? activation_of(*activation) : std::nullopt;
    const bool fusable =
        kind &&
        (kind->algorithm == dnnl::algorithm::eltwise_relu || kind->algorithm == dnnl::algorithm::eltwise_clip ||
         kind->algorithm == dnnl::algorithm::eltwise_gelu_erf || kind->algorithm == dnnl::algorithm::eltwise_gelu_tanh);
    if (fusable) {
      lowered.absorbed.push_back(activation);
      epilogue.post_ops.append_eltwise(1.f, kind->algorithm, kind->alpha, kind->beta);
      lowered.exec_type += std::string("+") + (kind->algorithm == dnnl::algorithm::eltwise_relu   ? "relu"
                                               : kind->algorithm == dnnl::algorithm::eltwise_clip ? "clamp"
                                                                                                  : "gelu");
    }
  }
  return epilogue;
}

std::unordered_map<int, dnnl::memory> prepare_constants(const dnnl::memory::desc& plain, const void* weights_data,
                                                        const dnnl::memory::desc& preferred,
                                                        const op::v0::Constant* bias,
                                                        const dnnl::memory::desc& bias_desc) {
  const dnnl::engine& cpu = cpu_engine();
  dnnl::memory source(plain, cpu, const_cast<void*>(weights_data));
  dnnl::memory weights(preferred, cpu);
  dnnl::stream stream(cpu);
  // On this thread alone: an OpenMP team here would be a second one beside the team of the thread
  // that runs the graph, and libgomp, counting more threads than cores, would then have every
  // team's threads sleep between parallel regions instead of spinning (GOMP_SPINCOUNT's
  // throttled value): a wake-up per step of every inference.
  const ScopedThreadCount one_thread(1);
  dnnl::reorder(source, weights).execute(stream, source, weights);
  std::unordered_map<int, dnnl::memory> constants{{DNNL_ARG_WEIGHTS, weights}};
  if (bias) {
    dnnl::memory bias_memory(bias_desc, cpu);
    std::memcpy(bias_memory.get_data_handle(), bias->get_data_ptr(), bias_desc.get_size());
    constants.emplace(DNNL_ARG_BIAS, bias_memory);
  }
  stream.wait();
  return constants;
}

}  // namespace ferry::cpu::engine
