#include "compiled_graph.hpp"

#include <cstring>
#include <map>
#include <sstream>

#include "cl_error.hpp"
#include "epilogue_fusion.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "host_rule.hpp"
#include "onednn_interop.hpp"
#include "primitive.hpp"
#include "static_stand_in.hpp"

namespace ferry::gpu {
namespace {

std::string describe_op(const Node& node) {
  return "op '" + node.get_friendly_name() + "' of type " + node.get_type_info().name + " (" +
         node.get_type_info().version_id + ")";
}

// Reshape-like ops keep the bytes and change only the shape: their output aliases input 0.
bool is_alias(const Node& node) {
  const std::string type = node.get_type_name();
  if (type != "Reshape" && type != "Squeeze" && type != "Unsqueeze") return false;
  return all_static(node) && node.get_output_size() == 1 &&
         node.get_output_element_type(0) == node.get_input_element_type(0) &&
         element_count(node.get_output_shape(0)) == element_count(node.get_input_shape(0));
}

bool is_structural(const Node& node) {
  return is_type<op::v0::Parameter>(&node) || is_type<op::v0::Constant>(&node) || is_type<op::v0::Result>(&node);
}

bool has_dynamic_type(const Node& node) {
  for (size_t i = 0; i < node.get_input_size(); ++i)
    if (node.get_input_element_type(i).is_dynamic()) return true;
  for (size_t i = 0; i < node.get_output_size(); ++i)
    if (node.get_output_element_type(i).is_dynamic()) return true;
  return false;
}

}  // namespace

std::string CompiledGraph::unsupported_reason(const Node& node) {
  if (has_dynamic_type(node))
    return describe_op(node) + " has a dynamic element type; the GPU plugin needs static element types";
  if (is_structural(node)) return "";
  if (!all_static(node)) {
    const auto stand_in = static_stand_in(node);
    if (!stand_in)
      return describe_op(node) +
             " has dynamic shapes for which no static stand-in validates, so whether the GPU "
             "runs it cannot be decided before the shapes are known";
    if (!all_static(*stand_in))
      return describe_op(node) +
             " has an output shape that depends on the values of its inputs; the GPU plugin "
             "needs every shape to follow from the input shapes";
    return unsupported_reason(*stand_in);
  }
  if (is_alias(node) || find_primitive(node) || runs_on_host(node)) return "";
  std::ostringstream types;
  for (size_t i = 0; i < node.get_input_size(); ++i) types << (i ? ", " : "") << node.get_input_element_type(i);
  return describe_op(node) + " with inputs of type (" + types.str() +
         ") has no GPU kernel and is not one of the ops the GPU plugin runs on the host";
}

CompiledGraph::CompiledGraph(std::shared_ptr<const Model> model, std::shared_ptr<DeviceContext> context,
                             std::shared_ptr<WeightStore> weights)
    : m_model(std::move(model)),
      m_context(std::move(context)),
      m_zero_copy(m_context->info().host_unified_memory),
      m_weights(weights ? std::move(weights) : std::make_shared<WeightStore>(m_context)) {
  FERRY_ASSERT(m_model, "GPU: the model is null");
  // Dynamic models are compiled per input shape (shape_instances.hpp), never directly.
  FERRY_ASSERT(!m_model->is_dynamic(), "GPU: model '", m_model->get_friendly_name(),
               "' has dynamic shapes; a CompiledGraph needs a static instance of it");
  build(*m_model);
  plan_memory();
  upload_weights();
}

CompiledGraph::~CompiledGraph() = default;

void CompiledGraph::build(const Model& model) {
  std::map<std::pair<const Node*, size_t>, size_t> value_of;
  const auto root_of = [&](const Output<Node>& output) {
    return m_values[value_of.at({output.get_node(), output.get_index()})].root;
  };
  m_parameter_values.resize(model.get_parameters().size());
  const EpilogueFusions fusions(model);
  // oneDNN runs the convolutions and matmuls it can where it accepts the device (Intel GPUs),
  // each on the step's buffers in place; asked only for models that have such ops.
  std::unique_ptr<OneDnnEngine> onednn;
  for (const auto& node : model.get_ordered_ops()) {
    if (!OneDnnEngine::candidate(*node)) continue;
    if (OneDnnDetector::instance().verdict(*m_context).accepted) onednn = std::make_unique<OneDnnEngine>(*m_context);
    break;
  }
  std::map<const Node*, std::vector<size_t>> anchor_inputs;  // of the chains not yet ended
  // The ids make/make_fused take as outputs: `outputs`, then one SCRATCH value per buffer that
  // `primitive` asks for `node`, added to `step`.
  const auto with_scratch = [&](const Primitive& primitive, const Node& node, GraphStep& step,
                                std::vector<size_t> ids) {
    if (!primitive.scratch_bytes) return ids;
    for (size_t bytes : primitive.scratch_bytes(node)) {
      GraphValue value;
      value.kind = GraphValue::Kind::SCRATCH;
      value.type = element::u8;
      value.shape = Shape{bytes};
      value.bytes = bytes;
      value.root = m_values.size();
      step.scratch.push_back(value.root);
      ids.push_back(value.root);
      m_values.push_back(value);
    }
    return ids;
  };

  // Converts a primitive reads through (Primitive::reads_through_convert): no step of their own.
  std::set<const Node*> read_through;
  for (const auto& node : model.get_ordered_ops()) {
    if (is_structural(*node) || has_dynamic_type(*node)) continue;
    const Primitive* primitive = find_primitive(*node);
    if (!primitive || !primitive->reads_through_convert) continue;
    for (size_t i = 0; i < node->get_input_size(); ++i)
      if (primitive->reads_through_convert(*node, i)) read_through.insert(node->get_input_node_ptr(i));
  }
  // What `node` reads as input `index`: the input, or the input of a Convert it reads through.
  const auto source_of = [&](const Node& node, size_t index) {
    const Node* input = node.get_input_node_ptr(index);
    return read_through.count(input) ? input->input_value(0) : node.input_value(index);
  };
  // The index of the model parameter `node` reads as input `index` when no other node reads it
  // (the Converts `node` reads through aside), else -1.
  const auto own_parameter = [&](const Node& node, size_t index) -> int64_t {
    const Output<Node> source = source_of(node, index);
    const auto parameter = as_type_ptr<op::v0::Parameter>(source.get_node_shared_ptr());
    if (!parameter) return -1;
    for (const auto& target : source.get_target_inputs()) {
      const Node* reader = target.get_node();
      if (reader != &node && !read_through.count(reader)) return -1;
    }
    return model.get_parameter_index(parameter);
  };

  for (const auto& node : model.get_ordered_ops()) {
    const std::string reason = unsupported_reason(*node);
    FERRY_ASSERT(reason.empty(), "GPU cannot compile model '", model.get_friendly_name(), "': ", reason);
    if (is_type<op::v0::Result>(node)) continue;

    std::vector<size_t> inputs;
    for (const auto& input : node->input_values()) inputs.push_back(root_of(input));
    std::vector<size_t> outputs;
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      GraphValue value;
      value.type = node->get_output_element_type(i);
      value.shape = node->get_output_shape(i);
      value.bytes = element_count(value.shape) * value.type.size();
      value.root = m_values.size();
      if (const auto parameter = as_type_ptr<op::v0::Parameter>(node)) {
        value.kind = GraphValue::Kind::PARAMETER;
        value.parameter = static_cast<size_t>(model.get_parameter_index(parameter));
        m_parameter_values.at(value.parameter) = m_values.size();
      } else if (is_type<op::v0::Constant>(node)) {
        value.kind = GraphValue::Kind::CONSTANT;
      } else if (is_alias(*node)) {
        value.root = inputs.at(0);
      }
      value_of[{node.get(), i}] = m_values.size();
      outputs.push_back(value.root);
      m_values.push_back(value);
    }
    if (is_type<op::v0::Parameter>(node) || is_type<op::v0::Constant>(node)) continue;
    if (is_alias(*node)) {
      m_optimized_out.push_back(node);
      continue;
    }

    if (read_through.count(node.get())) {  // its reader converts while reading its input
      m_optimized_out.push_back(node);
      m_fused.insert(node.get());
      continue;
    }
    if (fusions.absorbed(*node)) {  // runs in the step of its chain's last node
      anchor_inputs[node.get()] = inputs;
      const Primitive* primitive = find_primitive(*node);
      if (!primitive || !primitive->make_fused) {  // not the anchor
        m_optimized_out.push_back(node);
        m_fused.insert(node.get());
      }
      continue;
    }

    GraphStep step;
    step.node = node;
    step.inputs = inputs;
    step.outputs = outputs;
    if (const EpilogueChain* chain = fusions.ended_by(*node)) {
      m_optimized_out.push_back(node);
      m_fused.insert(node.get());
      step.node = chain->anchor;
      step.inputs = anchor_inputs.at(chain->anchor.get());
      Epilogue epilogue;
      epilogue.activation = chain->activation, epilogue.lo = chain->lo, epilogue.hi = chain->hi;
      if (chain->has_bias) {
        epilogue.bias = static_cast<int64_t>(root_of(chain->bias));
        step.inputs.push_back(static_cast<size_t>(epilogue.bias));
      }
      if (chain->has_residual) {
        epilogue.residual = static_cast<int64_t>(root_of(chain->residual));
        step.inputs.push_back(static_cast<size_t>(epilogue.residual));
      }
      const Primitive* primitive = find_primitive(*chain->anchor);
      step.exec_type = primitive->family;
      const std::vector<size_t> ids = with_scratch(*primitive, *chain->anchor, step, outputs);
      for (KernelStep& kernel :
           primitive->make_fused(*chain->anchor, anchor_inputs.at(chain->anchor.get()), ids, epilogue)) {
        if (kernel.empty_range()) continue;
        step.programs.push_back(m_context->programs().get(kernel.file, kernel.options));
        step.kernels.push_back(std::move(kernel));
      }
    } else if (const auto routine = onednn ? onednn->routine(*node) : nullptr) {
      step.exec_type = std::string("onednn_") + find_primitive(*node)->family;
      step.routine = routine;
      m_uses_onednn = true;
    } else if (const Primitive* primitive = find_primitive(*node)) {
      step.exec_type = primitive->family;
      for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = root_of(source_of(*node, i));
      step.inputs = inputs;
      const std::vector<size_t> ids = with_scratch(*primitive, *node, step, outputs);
      for (KernelStep& kernel : primitive->make(*node, inputs, ids)) {
        if (kernel.empty_range()) continue;  // a zero-sized tensor: nothing to compute
        step.programs.push_back(m_context->programs().get(kernel.file, kernel.options));
        step.kernels.push_back(std::move(kernel));
      }
      if (primitive->make_frames && step.kernels.size() == 1) {
        std::vector<size_t> parameters;
        for (size_t i = 0; i < inputs.size(); ++i)
          if (const int64_t parameter = own_parameter(*node, i); parameter >= 0)
            parameters.push_back(static_cast<size_t>(parameter));
        if (parameters.size() == inputs.size()) {
          step.frames = primitive->make_frames(*node, inputs, ids, m_context->info().image_support);
          if (step.frames) step.frame_parameters = std::move(parameters);
        }
      }
    } else {
      step.exec_type = "host";
      step.on_host = true;
    }
    m_steps.push_back(std::move(step));
  }

  for (const auto& result : model.get_results()) m_output_values.push_back(root_of(result->input_value(0)));
}

void CompiledGraph::plan_memory() {
  // Which step writes each computed root, and the last step reading it.
  std::vector<Lifetime> lifetimes;
  std::vector<size_t> computed;
  for (size_t s = 0; s < m_steps.size(); ++s) {
    // Scratch is written and read by this step's kernels only. Planned before the step's outputs,
    // so it picks first among the free buffers: usually the previous scratch of its size.
    for (size_t v : m_steps[s].scratch) {
      m_values[v].plan_value = static_cast<int64_t>(lifetimes.size());
      lifetimes.push_back({m_values[v].bytes, s, s});
      computed.push_back(v);
    }
    for (size_t v : m_steps[s].outputs) {
      GraphValue& value = m_values[v];
      if (value.kind != GraphValue::Kind::COMPUTED || value.plan_value >= 0) continue;
      value.plan_value = static_cast<int64_t>(lifetimes.size());
      lifetimes.push_back({value.bytes, s, s});
      computed.push_back(v);
    }
    for (size_t v : m_steps[s].inputs)
      if (m_values[v].plan_value >= 0) lifetimes[m_values[v].plan_value].last = s;
  }
  // Model outputs: the first output reading a computed value gets it written in place (into the
  // output tensor's memory on unified memory or when it is a remote tensor, else into a request
  // buffer read back once); every other output copies from that value after the last step.
  for (size_t k = 0; k < m_output_values.size(); ++k) {
    GraphValue& value = m_values[m_output_values[k]];
    if (value.kind == GraphValue::Kind::COMPUTED && value.bound_output < 0)
      value.bound_output = static_cast<int64_t>(k);
  }
  // Bound values live in the output tensors, not in the plan.
  std::vector<Lifetime> planned;
  for (size_t i = 0; i < computed.size(); ++i) {
    GraphValue& value = m_values[computed[i]];
    if (value.bound_output >= 0) {
      value.plan_value = -1;
      continue;
    }
    const Lifetime lifetime = lifetimes[value.plan_value];
    value.plan_value = static_cast<int64_t>(planned.size());
    planned.push_back(lifetime);
  }
  m_plan = MemoryPlan(planned);
}

void CompiledGraph::upload_weights() {
  m_constant_buffers.resize(m_values.size());
  m_constant_tensors.resize(m_values.size());
  std::vector<bool> needed(m_values.size(), false);
  for (const GraphStep& step : m_steps)
    for (size_t v : step.inputs) needed[v] = true;
  for (size_t v : m_output_values) needed[v] = true;

  // Values are numbered in model order as build() made them (a step's scratch values after its
  // node's outputs); each Constant is evaluated once.
  size_t v = 0;
  for (const auto& node : m_model->get_ordered_ops()) {
    if (is_type<op::v0::Result>(node)) continue;
    while (v < m_values.size() && m_values[v].kind == GraphValue::Kind::SCRATCH) ++v;
    const size_t first = v;
    v += node->get_output_size();
    if (!is_type<op::v0::Constant>(node) || !needed[first]) continue;
    TensorVector value(1);
    FERRY_ASSERT(node->evaluate(value, {}), "GPU: constant ", describe_op(*node), " could not be evaluated");
    m_constant_tensors[first] = value[0];
    m_constant_buffers[first] = m_weights->buffer(node, value[0]);  // uploaded once per Constant data
  }
}

}  // namespace ferry::gpu
