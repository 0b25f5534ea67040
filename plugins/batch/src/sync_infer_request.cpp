#include "sync_infer_request.hpp"

namespace ferry::batch {

BatchSyncInferRequest::BatchSyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model,
                                             std::shared_ptr<BatchCollector> collector)
    : ISyncInferRequest(compiled_model), m_collector(std::move(collector)), m_slot(m_collector->take_slot()) {
  try {
    for (size_t i = 0; i < get_inputs().size(); ++i) set_tensor(get_inputs()[i], m_slot.input_views[i]);
    for (size_t k = 0; k < get_outputs().size(); ++k) set_tensor(get_outputs()[k], m_slot.output_views[k]);
  } catch (...) {
    m_collector->release_slot(m_slot);
    throw;
  }
}

BatchSyncInferRequest::~BatchSyncInferRequest() { m_collector->release_slot(m_slot); }

void BatchSyncInferRequest::prepare_inputs() {
  check_tensors();
  for (size_t i = 0; i < m_slot.input_views.size(); ++i) {
    const Tensor& bound = input_tensor(i);
    if (bound.get_impl() != m_slot.input_views[i].get_impl()) bound.copy_to(m_slot.input_views[i]);
  }
}

void BatchSyncInferRequest::publish_outputs() {
  for (size_t k = 0; k < m_slot.output_views.size(); ++k) {
    const Tensor& bound = output_tensor(k);
    if (bound.get_impl() != m_slot.output_views[k].get_impl()) m_slot.output_views[k].copy_to(bound);
  }
}

void BatchSyncInferRequest::submit() { m_collector->submit(m_slot); }

void BatchSyncInferRequest::finish() {
  if (std::exception_ptr error = m_slot.completion->take_error()) std::rethrow_exception(error);
  publish_outputs();
}

void BatchSyncInferRequest::withdraw() { m_collector->withdraw(m_slot); }

void BatchSyncInferRequest::infer() {
  prepare_inputs();
  m_collector->infer_alone(m_slot);
  publish_outputs();
}

std::vector<ProfilingInfo> BatchSyncInferRequest::get_profiling_info() const {
  return m_collector->profiling_info(m_slot);
}

}  // namespace ferry::batch
