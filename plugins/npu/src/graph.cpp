#include "graph.hpp"

#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_writer.hpp"

namespace ferry::npu::plugin {
namespace {

const GraphExtension& extension_of(const ZeroDevice& device) {
  const GraphExtension& graph = device.driver().graph();
  FERRY_ASSERT(graph.available, "NPU: ", device.name(), " cannot compile models: ", graph.why);
  return graph;
}

struct SerializedModel {
  std::string xml;
  std::string weights;
  ferry_graph_desc_t desc() const {
    return {FERRY_GRAPH_FORMAT_IR, xml.data(), xml.size(), weights.empty() ? nullptr : weights.data(), weights.size()};
  }
};

SerializedModel serialize_model(const std::shared_ptr<const Model>& model) {
  std::ostringstream xml, weights;
  serialize(model, xml, weights);
  return {xml.str(), weights.str()};
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

Graph::Graph(std::shared_ptr<const ContextHandle> context, ferry_graph_handle_t handle)
    : m_context(std::move(context)), m_handle(handle) {
  const auto& device = m_context->device();
  ferry_graph_properties_t properties{};
  device.check(extension().get_properties(m_handle, &properties), FERRY_GRAPH_GET_PROPERTIES);
  for (uint32_t i = 0; i < properties.num_arguments; ++i) {
    ferry_graph_argument_properties_t argument{};
    device.check(extension().get_argument_properties(m_handle, i, &argument), FERRY_GRAPH_GET_ARGUMENT_PROPERTIES);
    GraphArgument own;
    own.name = argument.name;
    own.is_input = argument.direction == FERRY_GRAPH_ARGUMENT_INPUT;
    own.type = element::Type::from_string(argument.element_type);
    own.shape = Shape(argument.dims, argument.dims + argument.rank);
    own.byte_size = argument.byte_size;
    m_arguments.push_back(std::move(own));
  }
}

Graph::~Graph() { extension().destroy(m_handle); }

std::unique_ptr<Graph> Graph::compile(std::shared_ptr<const ContextHandle> context,
                                      const std::shared_ptr<const Model>& model) {
  const ZeroDevice& device = context->device();
  const GraphExtension& graph = extension_of(device);
  const SerializedModel serialized = serialize_model(model);
  const ferry_graph_desc_t desc = serialized.desc();
  ferry_graph_handle_t handle = nullptr;
  const ze_result_t created = graph.create(context->get(), device.handle(), &desc, &handle);
  if (created != ZE_RESULT_SUCCESS) {
    const std::string reason = device.driver().last_error();
    Exception::raise("NPU cannot compile model '", model->get_friendly_name(), "': ", FERRY_GRAPH_CREATE,
                     " failed with ", result_name(created), reason.empty() ? "" : ": ", reason);
  }
  try {
    return std::unique_ptr<Graph>(new Graph(std::move(context), handle));
  } catch (...) {
    graph.destroy(handle);
    throw;
  }
}

std::unique_ptr<Graph> Graph::load(std::shared_ptr<const ContextHandle> context, const std::string& blob) {
  const ZeroDevice& device = context->device();
  const GraphExtension& graph = extension_of(device);
  const ferry_graph_desc_t desc{FERRY_GRAPH_FORMAT_NATIVE, blob.data(), blob.size(), nullptr, 0};
  ferry_graph_handle_t handle = nullptr;
  const ze_result_t created = graph.create(context->get(), device.handle(), &desc, &handle);
  if (created == ZE_RESULT_ERROR_INVALID_NATIVE_BINARY) return nullptr;
  device.check(created, FERRY_GRAPH_CREATE);
  try {
    return std::unique_ptr<Graph>(new Graph(std::move(context), handle));
  } catch (...) {
    graph.destroy(handle);
    throw;
  }
}

std::string Graph::native_binary() const {
  size_t size = 0;
  m_context->device().check(extension().get_native_binary(m_handle, &size, nullptr), FERRY_GRAPH_GET_NATIVE_BINARY);
  std::string blob(size, '\0');
  m_context->device().check(extension().get_native_binary(m_handle, &size, reinterpret_cast<uint8_t*>(blob.data())),
                            FERRY_GRAPH_GET_NATIVE_BINARY);
  blob.resize(size);
  return blob;
}

void Graph::append_execute(ze_command_list_handle_t list, const std::vector<void*>& memory, ze_event_handle_t signal,
                           std::vector<ze_event_handle_t> waits) const {
  const ZeroDevice& device = m_context->device();
  std::lock_guard<std::mutex> lock(m_bind_mutex);
  for (uint32_t i = 0; i < memory.size(); ++i)
    device.check(extension().set_argument_value(m_handle, i, memory[i]), FERRY_GRAPH_SET_ARGUMENT_VALUE);
  device.check(extension().append_execute(list, m_handle, signal, static_cast<uint32_t>(waits.size()),
                                          waits.empty() ? nullptr : waits.data()),
               FERRY_GRAPH_APPEND_EXECUTE);
}

std::vector<ProfilingInfo> Graph::profiling_info() const {
  const ZeroDevice& device = m_context->device();
  uint32_t count = 0;
  device.check(extension().get_profiling_data(m_handle, &count, nullptr), FERRY_GRAPH_GET_PROFILING_DATA);
  std::vector<ferry_graph_op_profile_t> ops(count);
  device.check(extension().get_profiling_data(m_handle, &count, ops.data()), FERRY_GRAPH_GET_PROFILING_DATA);
  std::vector<ProfilingInfo> records;
  for (uint32_t i = 0; i < count; ++i) {
    ProfilingInfo record;
    record.status = ProfilingInfo::Status::EXECUTED;
    record.node_name = ops[i].name;
    record.node_type = ops[i].type;
    record.exec_type = ops[i].exec_type;
    record.real_time = std::chrono::microseconds(ops[i].ns / 1000);
    record.cpu_time = record.real_time;  // the simulated device's time is host time
    records.push_back(std::move(record));
  }
  return records;
}

std::vector<std::string> Graph::unsupported_ops(const ZeroDevice& device, const std::shared_ptr<const Model>& model) {
  const GraphExtension& graph = extension_of(device);
  const SerializedModel serialized = serialize_model(model);
  const ferry_graph_desc_t desc = serialized.desc();
  size_t size = 0;
  device.check(graph.query_model(device.handle(), &desc, &size, nullptr), FERRY_GRAPH_QUERY_MODEL);
  std::string text(size, '\0');
  device.check(graph.query_model(device.handle(), &desc, &size, text.data()), FERRY_GRAPH_QUERY_MODEL);
  text.resize(text.find('\0') == std::string::npos ? text.size() : text.find('\0'));
  return split_lines(text);
}

}  // namespace ferry::npu::plugin
