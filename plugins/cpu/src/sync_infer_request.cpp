#include "sync_infer_request.hpp"

#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "plugin.hpp"

namespace ferry::cpu_plugin {

SyncInferRequest::SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_inputs(get_inputs().size()),
      m_outputs(get_outputs().size()),
      m_dense_inputs(get_inputs().size()),
      m_dense_outputs(get_outputs().size()),
      m_shapes(get_inputs().size()) {
  m_arguments.reserve(get_inputs().size() + get_outputs().size());
}

const CompiledModel& SyncInferRequest::compiled_model() const {
  return static_cast<const CompiledModel&>(*get_compiled_model());
}

void SyncInferRequest::infer() {
  check_tensors();
  uint64_t copied = 0;
  for (size_t i = 0; i < m_inputs.size(); ++i) {
    convert_batched_tensors(i);
    const Tensor& bound = input_tensor(i);
    m_shapes[i] = bound.get_shape();
    if (bound.is_continuous()) {
      m_inputs[i] = bound;
      continue;
    }
    // The engine reads dense memory: a strided input (an ROI view) is copied into the request's buffer.
    Tensor& dense = m_dense_inputs[i];
    if (!dense || dense.get_element_type() != bound.get_element_type()) {
      dense = Tensor(bound.get_element_type(), bound.get_shape());
    } else if (dense.get_shape() != bound.get_shape()) {
      dense.set_shape(bound.get_shape());
    }
    bound.copy_to(dense);
    copied += bound.get_byte_size();
    m_inputs[i] = dense;
  }
  for (size_t k = 0; k < m_outputs.size(); ++k) {
    const Tensor& bound = output_tensor(k);
    // Kernels write dense memory: a strided output (an ROI view) gets the result copied in.
    m_outputs[k] = bound && bound.is_continuous() ? bound : m_dense_outputs[k];
  }

  const std::shared_ptr<const ShapeGraph> graph = compiled_model().graphs().get(m_shapes);
  const bool profiling = compiled_model().get_config().enable_profiling;
  if (profiling) profiling_records().clear();
  copied += graph->run(m_inputs, m_outputs, m_arguments, profiling ? &profiling_records() : nullptr);

  for (size_t k = 0; k < m_outputs.size(); ++k) {
    Tensor& bound = output_tensor(k);
    if (!bound) {
      bound = m_outputs[k];  // an output with a dynamic element type: the graph's new tensor
    } else if (!bound.is_continuous()) {
      m_dense_outputs[k] = m_outputs[k];  // the graph's buffer, kept for the next inference
      if (bound.get_shape() != m_outputs[k].get_shape()) bound.set_shape(m_outputs[k].get_shape());
      m_outputs[k].copy_to(bound);
      copied += m_outputs[k].get_byte_size();
    }
  }
  if (copied) compiled_model().cpu_plugin().copied() += copied;
  // Hold no reference to the caller's tensors between inferences.
  for (auto& tensor : m_inputs) tensor = Tensor();
  for (auto& tensor : m_outputs) tensor = Tensor();
}

}  // namespace ferry::cpu_plugin
