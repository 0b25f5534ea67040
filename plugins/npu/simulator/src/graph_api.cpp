// The graph extension (ferry/npu/driver/ze_ferry_graph_ext.h).
#include <cstring>

#include "api.hpp"
#include "command_builder.hpp"
#include "command_list.hpp"
#include "device_properties.hpp"
#include "graph.hpp"
#include "graph_blob.hpp"
#include "handle_checks.hpp"
#include "list_query.hpp"

namespace ferry::npu::simulator::api {
namespace {

ze_result_t answer_text(const std::vector<std::string>& entries, size_t* size, char* text) {
  if (!size) return null_pointer("the size");
  std::string joined;
  for (const std::string& entry : entries) joined += (joined.empty() ? "" : "\n") + entry;
  if (*size == 0 || !text) {
    *size = joined.size() + 1;
    return ZE_RESULT_SUCCESS;
  }
  const size_t written = std::min(*size - 1, joined.size());
  std::memcpy(text, joined.data(), written);
  text[written] = '\0';
  *size = written + 1;
  return ZE_RESULT_SUCCESS;
}

// The IR text and weights a descriptor names, from either format.
ze_result_t read_desc(const ferry_graph_desc_t* desc, std::string& xml, std::string& weights) {
  if (!desc) return null_pointer("the graph descriptor");
  if (!desc->model || desc->model_size == 0) return null_pointer("the graph descriptor's model");
  if (desc->format == FERRY_GRAPH_FORMAT_NATIVE) return read_graph_blob(desc->model, desc->model_size, xml, weights);
  if (desc->format != FERRY_GRAPH_FORMAT_IR)
    return fail(ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown graph format " + std::to_string(desc->format));
  if (desc->weights_size && !desc->weights) return null_pointer("the graph descriptor's weights");
  xml.assign(static_cast<const char*>(desc->model), desc->model_size);
  if (desc->weights) weights.assign(static_cast<const char*>(desc->weights), desc->weights_size);
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_device_properties(ze_device_handle_t device, ferry_graph_device_properties_t* properties) {
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!properties) return null_pointer("the properties to return");
  properties->format_flags = (1u << FERRY_GRAPH_FORMAT_IR) | (1u << FERRY_GRAPH_FORMAT_NATIVE);
  properties->driver_version = kDriverVersion;
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_supported_ops(ze_device_handle_t device, size_t* size, char* ops) {
  if (!is_device(device)) return bad_handle(device, "the device");
  return answer_text(supported_op_types(), size, ops);
}

ze_result_t query_model(ze_device_handle_t device, const ferry_graph_desc_t* desc, size_t* size, char* unsupported) {
  if (!is_device(device)) return bad_handle(device, "the device");
  std::string xml, weights;
  const ze_result_t read = read_desc(desc, xml, weights);
  if (read != ZE_RESULT_SUCCESS) return read;
  std::shared_ptr<Model> model;
  const ze_result_t parsed = read_model(xml, weights, model);
  if (parsed != ZE_RESULT_SUCCESS) return parsed;
  return answer_text(unsupported_ops(*model), size, unsupported);
}

ze_result_t create(ze_context_handle_t context_handle, ze_device_handle_t device, const ferry_graph_desc_t* desc,
                   ferry_graph_handle_t* graph_handle) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!graph_handle) return null_pointer("the graph to return");
  std::string xml, weights;
  const ze_result_t read = read_desc(desc, xml, weights);
  if (read != ZE_RESULT_SUCCESS) return read;
  auto graph = std::make_unique<Graph>();
  const ze_result_t compiled = compile_graph(xml, weights, *graph);
  if (compiled != ZE_RESULT_SUCCESS) return compiled;
  graph->context = context;
  ++context->children;
  *graph_handle = reinterpret_cast<ferry_graph_handle_t>(graph.release());
  return ZE_RESULT_SUCCESS;
}

ze_result_t destroy(ferry_graph_handle_t handle) {
  Graph* graph = find_graph(handle);
  if (!graph) return bad_handle(handle, "the graph");
  --graph->context->children;
  delete graph;
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_properties(ferry_graph_handle_t handle, ferry_graph_properties_t* properties) {
  Graph* graph = find_graph(handle);
  if (!graph) return bad_handle(handle, "the graph");
  if (!properties) return null_pointer("the properties to return");
  properties->num_arguments = static_cast<uint32_t>(graph->arguments.size());
  std::memset(properties->name, 0, sizeof properties->name);
  std::strncpy(properties->name, graph->model->get_friendly_name().c_str(), sizeof properties->name - 1);
  return ZE_RESULT_SUCCESS;
}

ze_result_t check_index(const Graph* graph, uint32_t index) {
  if (index >= graph->arguments.size())
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "argument " + std::to_string(index) + " of a graph with " +
                                                      std::to_string(graph->arguments.size()) + " arguments");
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_argument_properties(ferry_graph_handle_t handle, uint32_t index,
                                    ferry_graph_argument_properties_t* properties) {
  Graph* graph = find_graph(handle);
  if (!graph) return bad_handle(handle, "the graph");
  if (!properties) return null_pointer("the properties to return");
  const ze_result_t checked = check_index(graph, index);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  *properties = graph->arguments[index].properties;
  return ZE_RESULT_SUCCESS;
}

ze_result_t set_argument_value(ferry_graph_handle_t handle, uint32_t index, const void* value) {
  Graph* graph = find_graph(handle);
  if (!graph) return bad_handle(handle, "the graph");
  ze_result_t checked = check_index(graph, index);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  const auto& argument = graph->arguments[index].properties;
  checked = check_memory_range(graph->context, value, argument.byte_size,
                               ("the memory of argument '" + std::string(argument.name) + "'").c_str());
  if (checked != ZE_RESULT_SUCCESS) return checked;
  std::lock_guard<std::mutex> lock(graph->mutex);
  graph->bound[index] = value;
  return ZE_RESULT_SUCCESS;
}

// The graph and list of an append, checked against each other.
ze_result_t find_append_targets(ze_command_list_handle_t list_handle, ferry_graph_handle_t graph_handle,
                                CommandList*& list, Graph*& graph) {
  list = find_command_list(list_handle);
  if (!list) return bad_handle(list_handle, "the command list");
  graph = find_graph(graph_handle);
  if (!graph) return bad_handle(graph_handle, "the graph");
  if (graph->context != list->context)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the graph belongs to another context than the command list");
  return ZE_RESULT_SUCCESS;
}

ze_result_t append_initialize(ze_command_list_handle_t list_handle, ferry_graph_handle_t graph_handle,
                              ze_event_handle_t signal, uint32_t wait_count, ze_event_handle_t* waits) {
  CommandList* list = nullptr;
  Graph* graph = nullptr;
  ze_result_t found = find_append_targets(list_handle, graph_handle, list, graph);
  if (found != ZE_RESULT_SUCCESS) return found;
  CommandEvents events;
  found = read_command_events(list, signal, wait_count, waits, events);
  if (found != ZE_RESULT_SUCCESS) return found;
  return append_command(list, make_command(std::move(events), nullptr));  // prepared at creation
}

// One appended execution, on the device: an injected failure stops it before the engine runs
// (outputs stay untouched); an engine error fails its batch (fences and queues report it).
void run_execution(Graph& graph, const std::vector<const void*>& arguments) {
  const std::string name = graph.model->get_friendly_name();
  device().wait_while_held();
  ze_result_t injected = ZE_RESULT_SUCCESS;
  if (device().take_injected_failure(injected)) {
    fail_running_batch(injected, "the execution of graph '" + name +
                                     "' failed: the failure was injected (ferrySimulatorFailExecutions)");
    return;
  }
  const std::string error = execute_graph(graph, arguments);
  if (!error.empty())
    fail_running_batch(ZE_RESULT_ERROR_UNKNOWN, "the execution of graph '" + name + "' failed: " + error);
}

ze_result_t append_execute(ze_command_list_handle_t list_handle, ferry_graph_handle_t graph_handle,
                           ze_event_handle_t signal, uint32_t wait_count, ze_event_handle_t* waits) {
  CommandList* list = nullptr;
  Graph* graph = nullptr;
  ze_result_t found = find_append_targets(list_handle, graph_handle, list, graph);
  if (found != ZE_RESULT_SUCCESS) return found;
  std::vector<const void*> bound;
  {
    std::lock_guard<std::mutex> lock(graph->mutex);
    bound = graph->bound;
  }
  for (size_t i = 0; i < bound.size(); ++i)
    if (!bound[i])
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "argument " + std::to_string(i) + " ('" +
                                                        graph->arguments[i].properties.name +
                                                        "') of the graph is not bound (ferryGraphSetArgumentValue)");
  CommandEvents events;
  found = read_command_events(list, signal, wait_count, waits, events);
  if (found != ZE_RESULT_SUCCESS) return found;
  return append_command(list, make_command(std::move(events), [graph, bound] { run_execution(*graph, bound); }));
}

ze_result_t get_native_binary(ferry_graph_handle_t handle, size_t* size, uint8_t* blob) {
  Graph* graph = find_graph(handle);
  if (!graph) return bad_handle(handle, "the graph");
  if (!size) return null_pointer("the size");
  const std::string bytes = write_graph_blob(graph->xml, graph->weights);
  if (*size == 0 || !blob) {
    *size = bytes.size();
    return ZE_RESULT_SUCCESS;
  }
  if (*size < bytes.size())
    return fail(ZE_RESULT_ERROR_INVALID_SIZE,
                "the blob needs " + std::to_string(bytes.size()) + " bytes, not " + std::to_string(*size));
  std::memcpy(blob, bytes.data(), bytes.size());
  *size = bytes.size();
  return ZE_RESULT_SUCCESS;
}

ze_result_t get_profiling_data(ferry_graph_handle_t handle, uint32_t* count, ferry_graph_op_profile_t* ops) {
  Graph* graph = find_graph(handle);
  if (!graph) return bad_handle(handle, "the graph");
  std::lock_guard<std::mutex> lock(graph->mutex);
  if (!graph->execution_error.empty())
    return fail(ZE_RESULT_ERROR_UNKNOWN, "the graph's last execution failed: " + graph->execution_error);
  const auto& profile = graph->profile;
  return answer_list(count, ops, static_cast<uint32_t>(profile.size()),
                     [&](ferry_graph_op_profile_t& entry, uint32_t i) {
                       entry = {};
                       std::strncpy(entry.name, profile[i].name.c_str(), sizeof entry.name - 1);
                       std::strncpy(entry.type, profile[i].type.c_str(), sizeof entry.type - 1);
                       std::strncpy(entry.exec_type, profile[i].exec_type.c_str(), sizeof entry.exec_type - 1);
                       entry.ns = profile[i].ns;
                     });
}

constexpr ferry_graph_get_profiling_data_t kGetProfilingData = get_profiling_data;
constexpr ferry_graph_get_device_properties_t kGetDeviceProperties = get_device_properties;
constexpr ferry_graph_get_supported_ops_t kGetSupportedOps = get_supported_ops;
constexpr ferry_graph_query_model_t kQueryModel = query_model;
constexpr ferry_graph_create_t kCreate = create;
constexpr ferry_graph_destroy_t kDestroy = destroy;
constexpr ferry_graph_get_properties_t kGetProperties = get_properties;
constexpr ferry_graph_get_argument_properties_t kGetArgumentProperties = get_argument_properties;
constexpr ferry_graph_set_argument_value_t kSetArgumentValue = set_argument_value;
constexpr ferry_graph_append_initialize_t kAppendInitialize = append_initialize;
constexpr ferry_graph_append_execute_t kAppendExecute = append_execute;
constexpr ferry_graph_get_native_binary_t kGetNativeBinary = get_native_binary;

}  // namespace

void* graph_extension_function(const char* name) {
  const struct {
    const char* name;
    void* function;
  } functions[] = {
      {FERRY_GRAPH_GET_DEVICE_PROPERTIES, reinterpret_cast<void*>(kGetDeviceProperties)},
      {FERRY_GRAPH_GET_SUPPORTED_OPS, reinterpret_cast<void*>(kGetSupportedOps)},
      {FERRY_GRAPH_QUERY_MODEL, reinterpret_cast<void*>(kQueryModel)},
      {FERRY_GRAPH_CREATE, reinterpret_cast<void*>(kCreate)},
      {FERRY_GRAPH_DESTROY, reinterpret_cast<void*>(kDestroy)},
      {FERRY_GRAPH_GET_PROPERTIES, reinterpret_cast<void*>(kGetProperties)},
      {FERRY_GRAPH_GET_ARGUMENT_PROPERTIES, reinterpret_cast<void*>(kGetArgumentProperties)},
      {FERRY_GRAPH_SET_ARGUMENT_VALUE, reinterpret_cast<void*>(kSetArgumentValue)},
      {FERRY_GRAPH_APPEND_INITIALIZE, reinterpret_cast<void*>(kAppendInitialize)},
      {FERRY_GRAPH_APPEND_EXECUTE, reinterpret_cast<void*>(kAppendExecute)},
      {FERRY_GRAPH_GET_NATIVE_BINARY, reinterpret_cast<void*>(kGetNativeBinary)},
      {FERRY_GRAPH_GET_PROFILING_DATA, reinterpret_cast<void*>(kGetProfilingData)},
  };
  for (const auto& function : functions)
    if (!std::strcmp(name, function.name)) return function.function;
  return nullptr;
}

}  // namespace ferry::npu::simulator::api
