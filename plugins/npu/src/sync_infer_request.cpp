#include "sync_infer_request.hpp"

#include <atomic>

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "ferry/plugin/support/port_name.hpp"
#include "remote_context.hpp"
#include "remote_tensor.hpp"

namespace ferry::npu::plugin {
namespace {

std::atomic<size_t> g_request_count{0};

// Resets a fence when an inference leaves, failed or not, so the next one can wait on it.
struct FenceReset {
  ze_fence_handle_t fence;
  ~FenceReset() { zeFenceReset(fence); }
};

}  // namespace

SyncInferRequest::SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_fences(compiled_model->queue_count(), nullptr),
      m_request_index(g_request_count++),
      m_staging(get_inputs().size() + get_outputs().size()),
      m_bindings(get_inputs().size() + get_outputs().size()) {
  const ContextHandle& context = *compiled_model->npu_context().handle();
  const ZeroDevice& device = context.device();
  ze_command_list_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, nullptr, device.queue_group(), 0};
  device.check(zeCommandListCreate(context.get(), device.handle(), &desc, &m_list), "zeCommandListCreate");
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
  zeCommandListDestroy(m_list);
}

const CompiledModel& SyncInferRequest::compiled_model() const {
  return static_cast<const CompiledModel&>(*get_compiled_model());
}

void SyncInferRequest::check_tensor(const Output<const Node>& port, const Tensor& tensor) const {
  ISyncInferRequest::check_tensor(port, tensor);
  const auto remote = std::dynamic_pointer_cast<IRemoteTensor>(tensor.get_impl());
  if (!remote) return;
  const RemoteContext& context = compiled_model().npu_context();
  const auto own = std::dynamic_pointer_cast<RemoteTensor>(remote);
  FERRY_ASSERT(own, "tensor for port '", sdk::port_name(port), "' is a remote tensor of device '",
               remote->get_device_name(), "'; a model compiled for ", context.describe(),
               " takes host tensors or tensors of that context");
  FERRY_ASSERT(own->context().get() == context.handle()->get(), "tensor for port '", sdk::port_name(port),
               "' is memory of another NPU context; the model was compiled for ", context.describe());
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
  const ContextHandle& context = *compiled_model().npu_context().handle();
  ze_memory_allocation_properties_t properties{ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES};
  context.device().check(zeMemGetAllocProperties(context.get(), data, &properties, nullptr), "zeMemGetAllocProperties");
  if (properties.type != ZE_MEMORY_TYPE_UNKNOWN) {
    binding.device = data;  // Level Zero memory of this context: in place
  } else {
    binding.device = staging(index);
    binding.host = data;
  }
  return binding;
}

void SyncInferRequest::record(const std::vector<Binding>& bindings) {
  const ZeroDevice& device = compiled_model().npu_context().handle()->device();
  const auto& arguments = compiled_model().graph().arguments();
  const size_t inputs = get_inputs().size();
  device.check(zeCommandListReset(m_list), "zeCommandListReset");
  m_recorded.clear();  // a failure below leaves nothing that matches
  bool copied = false;
  for (size_t i = 0; i < inputs; ++i) {
    if (!bindings[i].host) continue;
    device.check(zeCommandListAppendMemoryCopy(m_list, bindings[i].device, bindings[i].host, arguments[i].byte_size,
                                               nullptr, 0, nullptr),
                 "zeCommandListAppendMemoryCopy");
    copied = true;
  }
  if (copied) device.check(zeCommandListAppendBarrier(m_list, nullptr, 0, nullptr), "zeCommandListAppendBarrier");
  std::vector<void*> memory;
  for (const Binding& binding : bindings) memory.push_back(binding.device);
  compiled_model().graph().append_execute(m_list, memory);
  bool barrier = false;
  for (size_t i = inputs; i < bindings.size(); ++i) {
    if (!bindings[i].host) continue;
    if (!barrier) device.check(zeCommandListAppendBarrier(m_list, nullptr, 0, nullptr), "zeCommandListAppendBarrier");
    barrier = true;
    device.check(zeCommandListAppendMemoryCopy(m_list, bindings[i].host, bindings[i].device, arguments[i].byte_size,
                                               nullptr, 0, nullptr),
                 "zeCommandListAppendMemoryCopy");
  }
  device.check(zeCommandListClose(m_list), "zeCommandListClose");
  m_recorded = bindings;
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
  queue.submit(m_list, fence);
  const FenceReset reset{fence};
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
