#include "sync_infer_request.hpp"

#include <utility>

#include "ferry/base/exception.hpp"

namespace ferry::auto_device {
namespace {

// Counts an inference on a slot while it runs.
class InFlight {
 public:
  explicit InFlight(std::atomic<uint32_t>& count) : m_count(count) { ++m_count; }
  ~InFlight() { --m_count; }
  InFlight(const InFlight&) = delete;
  InFlight& operator=(const InFlight&) = delete;

 private:
  std::atomic<uint32_t>& m_count;
};

}  // namespace

AutoSyncInferRequest::AutoSyncInferRequest(const std::shared_ptr<const AutoCompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_compiled(*compiled_model), m_workers(compiled_model->slot_count()) {
  const size_t first = m_compiled.slot_for_new_request();
  if (m_compiled.config().bind_buffer &&
      m_compiled.config().performance_mode == hint::PerformanceMode::CUMULATIVE_THROUGHPUT)
    m_bound_slot = first;
  // The first device's own tensors: it reads and writes them in place.
  Worker& worker = worker_on(first, m_compiled.ready(first));
  for (size_t k = 0; k < get_inputs().size(); ++k)
    if (get_inputs()[k].get_partial_shape().is_static() && worker.inputs[k])
      ISyncInferRequest::set_tensor(get_inputs()[k], worker.inputs[k]);
  for (size_t k = 0; k < get_outputs().size(); ++k)
    if (get_outputs()[k].get_partial_shape().is_static() && worker.outputs[k])
      ISyncInferRequest::set_tensor(get_outputs()[k], worker.outputs[k]);
  m_output_set.assign(get_outputs().size(), false);
}

void AutoSyncInferRequest::set_tensor(const Output<const Node>& port, const Tensor& tensor) {
  ISyncInferRequest::set_tensor(port, tensor);
  const FoundPort found = find_port(port);
  if (!found.is_input()) m_output_set[found.index] = true;
}

AutoSyncInferRequest::Worker& AutoSyncInferRequest::worker_on(size_t slot, const SoPtr<ICompiledModel>& compiled) {
  std::unique_ptr<Worker>& worker = m_workers[slot];
  if (worker) return *worker;
  FERRY_ASSERT(compiled, m_compiled.name(), ": ", m_compiled.device_of(slot), " has no compiled model");
  worker = std::make_unique<Worker>();
  worker->compiled = compiled;
  worker->request = {compiled->create_infer_request(), compiled._so};
  // The end of an inference start_on_device started (infer() waits for the device itself).
  worker->request->set_callback([this](std::exception_ptr error) {
    if (!std::exchange(m_awaiting_device, false)) return;
    --m_compiled.in_flight(m_started_slot);
    m_running = nullptr;
    m_completion->complete(std::move(error));
  });
  for (const auto& port : compiled->inputs()) worker->inputs.push_back(worker->request->get_tensor(port));
  for (const auto& port : compiled->outputs()) worker->outputs.push_back(worker->request->get_tensor(port));
  return *worker;
}

void AutoSyncInferRequest::bind(Worker& worker) {
  const auto& inputs = worker.compiled->inputs();
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (worker.inputs[k].get_impl() == input_tensor(k).get_impl()) continue;
    worker.request->set_tensor(inputs[k], input_tensor(k));
    worker.inputs[k] = input_tensor(k);
  }
  const auto& outputs = worker.compiled->outputs();
  for (size_t k = 0; k < outputs.size(); ++k) {
    // A dynamic output the application did not set is the device's own, of the shape it infers.
    if (!m_output_set[k] && outputs[k].get_partial_shape().is_dynamic()) continue;
    if (worker.outputs[k].get_impl() == output_tensor(k).get_impl()) continue;
    worker.request->set_tensor(outputs[k], output_tensor(k));
    worker.outputs[k] = output_tensor(k);
  }
}

void AutoSyncInferRequest::take_outputs(Worker& worker) {
  const auto& outputs = worker.compiled->outputs();
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (m_output_set[k] || outputs[k].get_partial_shape().is_static()) continue;
    output_tensor(k) = worker.request->get_tensor(outputs[k]);
    worker.outputs[k] = output_tensor(k);
  }
}

bool AutoSyncInferRequest::try_on(size_t slot, bool compile, std::string& failures) {
  const SoPtr<ICompiledModel> compiled = compile ? m_compiled.ready_or_compile(slot) : m_compiled.ready(slot);
  if (!compiled) return false;
  InFlight counted(m_compiled.in_flight(slot));
  try {
    Worker& worker = worker_on(slot, compiled);
    bind(worker);
    m_running = worker.request._ptr.get();
    worker.request->infer();
    m_running = nullptr;
    take_outputs(worker);
    m_last_slot = slot;
    m_compiled.note_result();
    return true;
  } catch (const Cancelled&) {
    m_running = nullptr;
    throw;
  } catch (const std::exception& e) {
    m_running = nullptr;
    if (!m_compiled.config().runtime_fallback) throw;
    m_compiled.note_runtime_fallback(slot, e.what());
    failures += (failures.empty() ? "" : "; ") + m_compiled.device_of(slot) + ": " + e.what();
    return false;
  }
}

void AutoSyncInferRequest::run_fallbacks(size_t failed, std::string failures) {
  for (size_t slot = 0; slot < m_compiled.slot_count(); ++slot)
    if (slot != failed && try_on(slot, true, failures)) return;
  Exception::raise(m_compiled.name(), ": the inference failed on every device tried (", failures, ")");
}

void AutoSyncInferRequest::infer() {
  check_tensors();
  for (size_t k = 0; k < get_inputs().size(); ++k) convert_batched_tensors(k);
  const size_t first = m_bound_slot ? *m_bound_slot : m_compiled.slot_for_inference();
  std::string failures;
  if (!try_on(first, false, failures)) run_fallbacks(first, std::move(failures));
}

void AutoSyncInferRequest::start_on_device(DeviceCompletion& completion) {
  check_tensors();
  for (size_t k = 0; k < get_inputs().size(); ++k) convert_batched_tensors(k);
  const size_t slot = m_bound_slot ? *m_bound_slot : m_compiled.slot_for_inference();
  Worker& worker = worker_on(slot, m_compiled.ready(slot));
  bind(worker);
  m_started_slot = slot;
  m_completion = &completion;
  ++m_compiled.in_flight(slot);
  m_running = worker.request._ptr.get();
  m_awaiting_device = true;
  try {
    worker.request->start_async();
  } catch (...) {
    m_awaiting_device = false;
    m_running = nullptr;
    --m_compiled.in_flight(slot);
    throw;
  }
}

void AutoSyncInferRequest::finish_on_device(std::exception_ptr error) {
  const size_t slot = m_started_slot;
  if (!error) {
    take_outputs(*m_workers[slot]);
    m_last_slot = slot;
    m_compiled.note_result();
    return;
  }
  std::string failures;
  try {
    std::rethrow_exception(error);
  } catch (const Cancelled&) {
    throw;
  } catch (const std::exception& e) {
    if (!m_compiled.config().runtime_fallback) throw;
    m_compiled.note_runtime_fallback(slot, e.what());
    failures = m_compiled.device_of(slot) + ": " + e.what();
  }
  run_fallbacks(slot, std::move(failures));
}

void AutoSyncInferRequest::cancel_running() {
  if (IAsyncInferRequest* running = m_running.load()) running->cancel();
}

std::vector<ProfilingInfo> AutoSyncInferRequest::get_profiling_info() const {
  if (!m_last_slot) return {};
  std::vector<ProfilingInfo> records = m_workers[*m_last_slot]->request->get_profiling_info();
  for (ProfilingInfo& record : records) record.exec_type = m_compiled.device_of(*m_last_slot) + ":" + record.exec_type;
  return records;
}

}  // namespace ferry::auto_device
