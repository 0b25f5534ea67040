#include "graph.hpp"

#include <cstring>

#include "device.hpp"
#include "ferry/base/aligned_buffer.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/op_registry.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/port_layout.hpp"
#include "ferry/value/tensor.hpp"
#include "last_error.hpp"

namespace ferry::npu::simulator {
namespace {

bool runs(const Node& node) { return node.has_evaluate() || is_type<op::v0::Parameter>(&node); }

template <size_t N>
void copy_text(char (&destination)[N], const std::string& text) {
  std::memset(destination, 0, N);
  std::strncpy(destination, text.c_str(), N - 1);
}

ze_result_t describe_argument(const Output<const Node>& port, ferry_graph_argument_direction_t direction,
                              GraphArgument& argument) {
  const PartialShape& shape = port.get_partial_shape();
  std::string name;
  try {
    name = port.get_any_name();
  } catch (const std::exception&) {
    name = port.get_node()->get_friendly_name();
  }
  if (shape.is_dynamic())
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "argument '" + name + "' has the dynamic shape " + shape.to_string() +
                                                      ": the device runs static shapes only");
  argument.type = port.get_element_type();
  argument.shape = shape.to_shape();
  if (argument.shape.size() > FERRY_GRAPH_MAX_RANK)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "argument '" + name + "' has rank " +
                                                      std::to_string(argument.shape.size()) + ", above the device's " +
                                                      std::to_string(FERRY_GRAPH_MAX_RANK));
  ferry_graph_argument_properties_t& properties = argument.properties;
  copy_text(properties.name, name);
  properties.direction = direction;
  copy_text(properties.element_type, argument.type.get_type_name());
  properties.rank = static_cast<uint32_t>(argument.shape.size());
  for (size_t i = 0; i < argument.shape.size(); ++i) properties.dims[i] = argument.shape[i];
  const Layout layout = layout::get_layout(port);
  copy_text(properties.layout, layout.empty() ? "" : layout.to_string());
  properties.byte_size = shape_size(argument.shape) * argument.type.size();
  return ZE_RESULT_SUCCESS;
}

}  // namespace

std::vector<std::string> unsupported_ops(const Model& model) {
  std::vector<std::string> unsupported;
  for (const auto& node : model.get_ordered_ops())
    if (!runs(*node))
      unsupported.push_back(node->get_friendly_name() + " (" + node->get_type_info().name + "-" +
                            node->get_type_info().version_id + ")");
  return unsupported;
}

std::vector<std::string> supported_op_types() {
  std::vector<std::string> types;
  const OpRegistry& registry = OpRegistry::global();
  for (const DiscreteTypeInfo& info : registry.list()) {
    const auto node = registry.create(info.name, info.version_id);
    if (node && runs(*node)) types.push_back(std::string(info.name) + "-" + info.version_id);
  }
  return types;
}

ze_result_t read_model(const std::string& xml, const std::string& weights, std::shared_ptr<Model>& model) {
  try {
    std::shared_ptr<AlignedBuffer> buffer;
    if (!weights.empty()) {
      buffer = std::make_shared<AlignedBuffer>(weights.size());
      std::memcpy(buffer->data(), weights.data(), weights.size());
    }
    model = read_ir_from_memory(xml, buffer, "the graph's model");
  } catch (const std::exception& error) {
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, std::string("the model cannot be read: ") + error.what());
  }
  return ZE_RESULT_SUCCESS;
}

ze_result_t compile_graph(const std::string& xml, const std::string& weights, Graph& graph) {
  std::shared_ptr<Model> model;
  const ze_result_t read = read_model(xml, weights, model);
  if (read != ZE_RESULT_SUCCESS) return read;
  const std::vector<std::string> unsupported = unsupported_ops(*model);
  if (!unsupported.empty()) {
    std::string list;
    for (const std::string& op : unsupported) list += (list.empty() ? "" : ", ") + op;
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
                "the device cannot run these ops of model '" + model->get_friendly_name() + "': " + list);
  }
  for (const auto& parameter : model->get_parameters()) {
    GraphArgument argument;
    const ze_result_t described = describe_argument(Output<Node>(parameter), FERRY_GRAPH_ARGUMENT_INPUT, argument);
    if (described != ZE_RESULT_SUCCESS) return described;
    graph.arguments.push_back(std::move(argument));
  }
  graph.input_count = graph.arguments.size();
  for (const auto& result : model->get_results()) {
    GraphArgument argument;
    const ze_result_t described = describe_argument(result->input_value(0), FERRY_GRAPH_ARGUMENT_OUTPUT, argument);
    if (described != ZE_RESULT_SUCCESS) return described;
    graph.arguments.push_back(std::move(argument));
  }
  try {
    graph.compiled = std::make_unique<cpu::engine::CompiledGraph>(model);
  } catch (const std::exception& error) {
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, std::string("the model cannot be compiled: ") + error.what());
  }
  graph.model = model;
  graph.xml = xml;
  graph.weights = weights;
  graph.bound.assign(graph.arguments.size(), nullptr);
  return ZE_RESULT_SUCCESS;
}

std::string execute_graph(Graph& graph, const std::vector<const void*>& arguments) {
  std::vector<void*> memory;
  for (const void* argument : arguments) memory.push_back(const_cast<void*>(argument));
  std::vector<cpu::engine::OpProfile> profile;
  std::string error;
  try {
    device().copied_bytes += graph.compiled->run(memory, &profile);
  } catch (const std::exception& failure) {
    error = failure.what();
  }
  std::lock_guard<std::mutex> lock(graph.mutex);
  graph.profile = std::move(profile);
  graph.execution_error = error;
  return error;
}

}  // namespace ferry::npu::simulator
