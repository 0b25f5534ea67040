#include "sync_infer_request.hpp"

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/own_remote_tensor.hpp"
#include "remote_context.hpp"
#include "remote_tensor.hpp"

namespace ferry::template_plugin {
namespace {

// `tensor` as a host tensor over the same memory: a TEMPLATE remote tensor's host view, or the
// tensor itself. check_tensor has already refused every other kind of remote tensor.
Tensor host_tensor(const Tensor& tensor) {
  if (const auto remote = std::dynamic_pointer_cast<RemoteTensor>(tensor.get_impl()))
    return Tensor(remote->host_view());
  return tensor;
}

}  // namespace

SyncInferRequest::SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_state(compiled_model->get_plan().make_state()),
      m_inputs(get_inputs().size()),
      m_outputs(get_outputs().size()) {}

const CompiledModel& SyncInferRequest::compiled_model() const {
  return static_cast<const CompiledModel&>(*get_compiled_model());
}

void SyncInferRequest::check_tensor(const Output<const Node>& port, const Tensor& tensor) const {
  ISyncInferRequest::check_tensor(port, tensor);
  const RemoteContext& context = compiled_model().get_template_context();
  const auto own = sdk::own_remote_tensor<RemoteTensor>(port, tensor, context);
  if (!own) return;
  sdk::check_same_context(
      port, own->get_device_name() == context.get_device_name() && own->get_context_id() == context.get_id(),
      own->get_device_name() + " context " + std::to_string(own->get_context_id()), context.describe());
}

void SyncInferRequest::infer() {
  check_tensors();
  for (size_t i = 0; i < m_inputs.size(); ++i) {
    convert_batched_tensors(i);
    m_inputs[i] = host_tensor(input_tensor(i));
  }
  for (size_t k = 0; k < m_outputs.size(); ++k) {
    const Tensor& bound = output_tensor(k);
    // Kernels write dense memory: a strided output (an ROI view) gets the result copied in.
    m_outputs[k] = bound && !bound.is_continuous() ? Tensor() : host_tensor(bound);
  }

  const bool profiling = compiled_model().get_config().enable_profiling;
  compiled_model().get_plan().run(m_state, m_inputs, m_outputs, profiling ? &profiling_records() : nullptr);

  for (size_t k = 0; k < m_outputs.size(); ++k) {
    Tensor& bound = output_tensor(k);
    if (!bound) {
      bound = m_outputs[k];  // an output with a dynamic element type: the kernel's new tensor
    } else if (!bound.is_continuous()) {
      m_outputs[k].copy_to(bound);
    }
  }
  // Hold no reference to the caller's tensors between inferences.
  for (auto& tensor : m_inputs) tensor = Tensor();
  for (auto& tensor : m_outputs) tensor = Tensor();
}

}  // namespace ferry::template_plugin
