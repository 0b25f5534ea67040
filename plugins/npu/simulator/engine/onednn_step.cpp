#include "onednn_step.hpp"

#include <cstring>

#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "onednn_engine.hpp"

namespace ferry::npu::engine {

OneDnnStep::OneDnnStep(std::shared_ptr<const Node> node, std::string exec_type, dnnl::primitive primitive,
                       dnnl::memory::desc scratchpad, std::vector<Read> reads, dnnl::memory::desc destination,
                       std::unordered_map<int, dnnl::memory> constants)
    : Step(std::move(node), std::move(exec_type)),
      primitive_(std::move(primitive)),
      scratchpad_(scratchpad),
      reads_(std::move(reads)),
      destination_(destination),
      constants_(std::move(constants)) {}

void OneDnnStep::run(TensorVector& outputs, const TensorVector& inputs) const {
  const dnnl::engine& cpu = cpu_engine();
  std::unordered_map<int, dnnl::memory> arguments = constants_;
  for (size_t i = 0; i < reads_.size(); ++i)
    arguments.emplace(reads_[i].argument, dnnl::memory(reads_[i].desc, cpu, inputs[i].data()));
  arguments.emplace(DNNL_ARG_DST, dnnl::memory(destination_, cpu, outputs[0].data()));
  arguments.emplace(DNNL_ARG_SCRATCHPAD, dnnl::memory(scratchpad_, cpu));
  dnnl::stream stream(cpu);
  primitive_.execute(stream, arguments);
  stream.wait();
}

dnnl::primitive_attr primitive_attributes(const dnnl::post_ops& post_ops) {
  dnnl::primitive_attr attributes;
  attributes.set_post_ops(post_ops);
  attributes.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attributes;
}

dnnl::memory::desc plain_f32(const Shape& shape) {
  dnnl::memory::dims dims(shape.begin(), shape.end());
  dnnl::memory::dims strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * dims[i];
  return dnnl::memory::desc(dims, dnnl::memory::data_type::f32, strides);
}

bool is_op(const Node& node, const char* type) { return std::strcmp(node.get_type_name(), type) == 0; }

std::shared_ptr<const Node> only_reader(const Node& node) {
  if (node.get_output_size() != 1) return nullptr;
  const auto readers = node.get_output_target_inputs(0);
  if (readers.size() != 1) return nullptr;
  return readers.begin()->get_node()->shared_from_this();
}

Epilogue fuse_epilogue(const std::shared_ptr<const Node>& node,
                       const std::function<std::shared_ptr<const op::v0::Constant>(const Node& add)>& bias_of,
                       LoweredOp& lowered) {
  Epilogue epilogue;
  const Node* tail = node.get();
  if (auto add = only_reader(*node)) {
    if ((epilogue.bias = bias_of(*add))) {
      lowered.absorbed.push_back(add);
      tail = add.get();
      epilogue.exec_type += "+bias";
    }
  }
  if (auto activation = only_reader(*tail)) {
    if (is_op(*activation, "Relu")) {
      lowered.absorbed.push_back(activation);
      epilogue.post_ops.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
      epilogue.exec_type += "+relu";
    } else if (auto clamp = std::dynamic_pointer_cast<const op::v0::Clamp>(activation);
               clamp && activation->get_output_element_type(0) == element::f32) {
      lowered.absorbed.push_back(activation);
      epilogue.post_ops.append_eltwise(1.f, dnnl::algorithm::eltwise_clip, static_cast<float>(clamp->get_min()),
                                       static_cast<float>(clamp->get_max()));
      epilogue.exec_type += "+clamp";
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

}  // namespace ferry::npu::engine
