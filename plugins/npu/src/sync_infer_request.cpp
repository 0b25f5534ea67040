#include "sync_infer_request.hpp"

#include <atomic>
#include <sstream>

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/own_remote_tensor.hpp"
#include "remote_context.hpp"
#include "remote_tensor.hpp"

namespace ferry::npu::plugin {
namespace {

std::atomic<size_t> g_request_count{0};

// Resets a fence and the list's events when an inference leaves, failed or not, so the next
// execution can use them again.
struct ExecutionReset {
  ze_fence_handle_t fence;
  const std::vector<ze_event_handle_t>& events;
  ~ExecutionReset() {
    zeFenceReset(fence);
    for (ze_event_handle_t event : events) zeEventHostReset(event);
  }
};

}  // namespace

SyncInferRequest::SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_list(*compiled_model->npu_context().handle()),
      m_events(compiled_model->npu_context().handle(), static_cast<uint32_t>(get_inputs().size() + 1)),
      m_fences(compiled_model->queue_count(), nullptr),
      m_request_index(g_request_count++),
      m_staging(get_inputs().size() + get_outputs().size()),
      m_bindings(get_inputs().size() + get_outputs().size()),
      m_address_kinds(get_inputs().size() + get_outputs().size()) {
  // The initial tensors live in Level Zero host memory, so the default path copies nothing.
  auto& npu_context = const_cast<RemoteContext&>(compiled_model->npu_context());
  for (const auto& port : get_inputs())
    set_tensor(port, Tensor(npu_context.create_host_tensor(port.get_element_type(), port.get_shape())));
  for (const auto& port : get_outputs())
    set_tensor(port, Tensor(npu_context.create_host_tensor(port.get_element_type(), port.get_shape())));
}

SyncInferRequest::~SyncInferRequest() {
  for (ze_fence_handle_t fence : m_fences)
    if (fence) zeFenceDestroy(fence);
}

const CompiledModel& SyncInferRequest::compiled_model() const {
  return static_cast<const CompiledModel&>(*get_compiled_model());
}

void SyncInferRequest::check_tensor(const Output<const Node>& port, const Tensor& tensor) const {
  ISyncInferRequest::check_tensor(port, tensor);
  const RemoteContext& context = compiled_model().npu_context();
  const auto own = sdk::own_remote_tensor<RemoteTensor>(port, tensor, context);
  if (!own) return;
  std::ostringstream tensor_context;
  tensor_context << "NPU context " << static_cast<const void*>(own->context().get());
  sdk::check_same_context(port, own->context().get() == context.handle()->get(), tensor_context.str(),
                          context.describe());
}

const Tensor& SyncInferRequest::argument_tensor(size_t index) const {
  const size_t inputs = get_inputs().size();
  return index < inputs ? input_tensor(index) : output_tensor(index - inputs);
}

void* SyncInferRequest::staging(size_t index) {
  const GraphArgument& argument = compiled_model().graph().arguments()[index];
  if (!m_staging[index]) {
    auto& context = const_cast<RemoteContext&>(compiled_model().npu_context());
    m_staging[index] = context.create_host_tensor(argument.type, argument.shape);
  }
  return m_staging[index]->data();
}

SyncInferRequest::Binding SyncInferRequest::bind(size_t index) {
  const Tensor& tensor = argument_tensor(index);
  Binding binding;
  if (const auto remote = std::dynamic_pointer_cast<RemoteTensor>(tensor.get_impl())) {
    binding.device = remote->device_address();
    return binding;
  }
  if (tensor.get_byte_size() == 0) {
    // No elements: nothing to read or write, but the graph wants an address.
    if (!m_empty) m_empty = ZeroMemory::host(compiled_model().npu_context().handle(), 0);
    binding.device = m_empty->data();
    return binding;
  }
  if (!tensor.is_continuous()) {
    binding.device = staging(index);
    binding.host_copy = true;
    return binding;
  }
  void* data = tensor.data();
  if (is_context_memory(index, tensor.get_impl(), data)) {
    binding.device = data;  // Level Zero memory of this context: in place
  } else {
    binding.device = staging(index);
    binding.host = data;
  }
  return binding;
}

bool SyncInferRequest::is_context_memory(size_t index, const std::shared_ptr<ITensor>& tensor, void* data) {
  AddressKind& known = m_address_kinds[index];
  if (known.address == data && known.tensor.lock() == tensor) return known.context_memory;
  const ContextHandle& context = *compiled_model().npu_context().handle();
  ze_memory_allocation_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
  context.device().check(zeMemGetAllocProperties(context.get(), data, &properties, nullptr), "zeMemGetAllocProperties");
  const bool context_memory = properties.type != ZE_MEMORY_TYPE_UNKNOWN;
  if (context_memory) {
    // The whole tensor must lie in the allocation its first byte is in: the device reads and
    // writes all of it in place.
    void* base = nullptr;
    size_t size = 0;
    context.device().check(zeMemGetAddressRange(context.get(), data, &base, &size), "zeMemGetAddressRange");
    const size_t offset = static_cast<const unsigned char*>(data) - static_cast<const unsigned char*>(base);
    const size_t bytes = tensor->get_byte_size();
    const size_t inputs = get_inputs().size();
    const auto& port = index < inputs ? get_inputs()[index] : get_outputs()[index - inputs];
    FERRY_ASSERT(offset <= size && bytes <= size - offset, "NPU: the tensor of ",
                 index < inputs ? "input '" : "output '", port.get_any_name(), "' (", bytes, " bytes at ", data,
                 ") runs past the end of the Level Zero allocation it starts in (", size, " bytes at ", base, ")");
  }
  known = {tensor, data, context_memory};
  return known.context_memory;
}

void SyncInferRequest::record(const std::vector<Binding>& bindings) {
  const ZeroDevice& device = compiled_model().npu_context().handle()->device();
  const auto& arguments = compiled_model().graph().arguments();
  const size_t inputs = get_inputs().size();
  device.check(zeCommandListReset(m_list.get()), "zeCommandListReset");
  m_recorded.clear();  // a failure below leaves nothing that matches
  m_recorded_events.clear();
  std::vector<ze_event_handle_t> inputs_copied;
  for (size_t i = 0; i < inputs; ++i) {
    if (!bindings[i].host) continue;
    inputs_copied.push_back(m_events.event(i));
    device.check(zeCommandListAppendMemoryCopy(m_list.get(), bindings[i].device, bindings[i].host,
                                               arguments[i].byte_size, inputs_copied.back(), 0, nullptr),
                 "zeCommandListAppendMemoryCopy");
  }
  bool outputs_copied = false;
  for (size_t i = inputs; i < bindings.size(); ++i) outputs_copied |= bindings[i].host != nullptr;
  ze_event_handle_t graph_done = outputs_copied ? m_events.event(inputs) : nullptr;
  std::vector<void*> memory;
  for (const Binding& binding : bindings) memory.push_back(binding.device);
  compiled_model().graph().append_execute(m_list.get(), memory, graph_done, inputs_copied);
  for (size_t i = inputs; i < bindings.size(); ++i) {
    if (!bindings[i].host) continue;
    device.check(zeCommandListAppendMemoryCopy(m_list.get(), bindings[i].host, bindings[i].device,
                                               arguments[i].byte_size, nullptr, 1, &graph_done),
                 "zeCommandListAppendMemoryCopy");
  }
  device.check(zeCommandListClose(m_list.get()), "zeCommandListClose");
  m_recorded = bindings;
  m_recorded_events = std::move(inputs_copied);
  if (graph_done) m_recorded_events.push_back(graph_done);
}

void SyncInferRequest::run_on_device() {
  const CompiledModel& model = compiled_model();
  const ZeroDevice& device = model.npu_context().handle()->device();
  // On a stream thread, that stream's queue; called directly, the request's own.
  const auto* streams = dynamic_cast<const threading::CPUStreamsExecutor*>(model.get_task_executor().get());
  const int stream = streams ? streams->get_stream_id() : -1;
  const size_t queue_index = (stream >= 0 ? static_cast<size_t>(stream) : m_request_index) % model.queue_count();
  const CommandQueue& queue = model.queue(queue_index);
  ze_fence_handle_t& fence = m_fences[queue_index];
  if (!fence) {
    ze_fence_desc_t desc{ZE_STRUCTURE_TYPE_FENCE_DESC, nullptr, 0};
    device.check(zeFenceCreate(queue.get(), &desc, &fence), "zeFenceCreate");
  }
  queue.submit(m_list.get(), fence);
  const ExecutionReset reset{fence, m_recorded_events};
  const ze_result_t done = zeFenceHostSynchronize(fence, UINT64_MAX);
  if (done != ZE_RESULT_SUCCESS) {
    const std::string reason = device.driver().last_error();
    Exception::raise("NPU inference of '", model.get_runtime_model()->get_friendly_name(),
                     "' failed: zeFenceHostSynchronize returned ", result_name(done), reason.empty() ? "" : ": ",
                     reason);
  }
}

void SyncInferRequest::infer() {
  check_tensors();
  const size_t inputs = get_inputs().size();
  for (size_t i = 0; i < inputs; ++i) convert_batched_tensors(i);
  for (size_t i = 0; i < m_bindings.size(); ++i) m_bindings[i] = bind(i);
  if (m_bindings != m_recorded) record(m_bindings);

  const ContextHandle& context = *compiled_model().npu_context().handle();
  const auto& arguments = compiled_model().graph().arguments();
  for (size_t i = 0; i < inputs; ++i) {
    if (m_bindings[i].host_copy) {
      input_tensor(i).copy_to(Tensor(m_staging[i]));
    }
    if (m_bindings[i].host_copy || m_bindings[i].host) context.count_copy(arguments[i].byte_size);
  }
  if (compiled_model().config().enable_profiling) {
    // With PERF_COUNT, executions of one graph take turns: its profile is the last execution's.
    std::lock_guard<std::mutex> lock(compiled_model().graph().profiling_mutex());
    run_on_device();
    profiling_records() = compiled_model().graph().profiling_info();
  } else {
    run_on_device();
  }
  for (size_t i = inputs; i < m_bindings.size(); ++i) {
    if (m_bindings[i].host_copy) Tensor(m_staging[i]).copy_to(output_tensor(i - inputs));
    if (m_bindings[i].host_copy || m_bindings[i].host) context.count_copy(arguments[i].byte_size);
  }
}

}  // namespace ferry::npu::plugin
