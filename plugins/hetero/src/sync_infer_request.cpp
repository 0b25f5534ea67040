#include "sync_infer_request.hpp"

#include <map>
#include <utility>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_context.hpp"

namespace ferry::hetero {

HeteroSyncInferRequest::HeteroSyncInferRequest(const std::shared_ptr<const HeteroCompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_compiled(*compiled_model) {
  const auto& subgraphs = m_compiled.subgraphs();
  for (const auto& subgraph : subgraphs) {
    m_requests.emplace_back(subgraph.compiled->create_infer_request(), subgraph.compiled);
    m_bound_inputs.emplace_back(subgraph.compiled->inputs().size());
  }
  m_outputs_of.resize(subgraphs.size());
  share_values_between_subgraphs();
  // The model's inputs and outputs are the devices' own tensors: a model input is the first
  // reader's, which the other readers are bound to at each inference.
  std::vector<bool> input_taken(get_inputs().size(), false);
  for (size_t s = 0; s < subgraphs.size(); ++s) {
    for (size_t i = 0; i < subgraphs[s].inputs.size(); ++i) {
      const SubgraphInput& input = subgraphs[s].inputs[i];
      if (!input.from_model || input_taken[input.index]) continue;
      input_taken[input.index] = true;
      const Output<const Node>& port = subgraphs[s].compiled->inputs()[i];
      // A dynamic port keeps the base's empty tensor: the caller sets or reshapes it first.
      if (port.get_partial_shape().is_dynamic()) continue;
      const Tensor own = m_requests[s]->get_tensor(port);
      if (own) ISyncInferRequest::set_tensor(get_inputs()[input.index], own);
    }
  }
  const auto& outputs = m_compiled.output_sources();
  for (size_t k = 0; k < outputs.size(); ++k) {
    m_outputs_of[outputs[k].subgraph].push_back(k);
    const Output<const Node>& port = subgraphs[outputs[k].subgraph].compiled->outputs()[outputs[k].output];
    if (port.get_partial_shape().is_dynamic()) continue;  // the device's, once it has run
    const Tensor own = m_requests[outputs[k].subgraph]->get_tensor(port);
    if (own) ISyncInferRequest::set_tensor(get_outputs()[k], own);
  }
  m_output_set.assign(outputs.size(), false);
}

void HeteroSyncInferRequest::set_tensor(const Output<const Node>& port, const Tensor& tensor) {
  ISyncInferRequest::set_tensor(port, tensor);
  const FoundPort found = find_port(port);
  if (!found.is_input()) m_output_set[found.index] = true;
}

namespace {

// Host memory that `compiled`'s device reads and writes fastest (pinned, host USM), or an empty
// tensor when the device offers no context.
Tensor host_tensor_of(const SoPtr<ICompiledModel>& compiled, const Output<const Node>& port) {
  try {
    return Tensor(compiled->get_context()->create_host_tensor(port.get_element_type(), port.get_shape()));
  } catch (const Exception&) {
    return {};
  }
}

}  // namespace

void HeteroSyncInferRequest::share_values_between_subgraphs() {
  const auto& subgraphs = m_compiled.subgraphs();
  std::map<std::pair<size_t, size_t>, Tensor> shared;  // (subgraph, output) -> its tensor
  for (size_t s = 0; s < subgraphs.size(); ++s) {
    for (size_t i = 0; i < subgraphs[s].inputs.size(); ++i) {
      const SubgraphInput& input = subgraphs[s].inputs[i];
      if (input.from_model) continue;
      const auto& producer = subgraphs[input.index].compiled;
      const Output<const Node>& output = producer->outputs()[input.output];
      if (output.get_partial_shape().is_dynamic()) continue;  // the producer's own, per shape
      auto [found, added] = shared.emplace(std::make_pair(input.index, input.output), Tensor());
      if (added) {
        // The reader's memory where it has some (it then reads in place, or copies in at full
        // speed), else the writer's; else the writer's own output tensor stays.
        found->second = host_tensor_of(subgraphs[s].compiled, subgraphs[s].compiled->inputs()[i]);
        if (!found->second) found->second = host_tensor_of(producer, output);
        if (found->second) m_requests[input.index]->set_tensor(output, found->second);
      }
      if (found->second) m_requests[s]->set_tensor(subgraphs[s].compiled->inputs()[i], found->second);
    }
  }
}

void HeteroSyncInferRequest::infer() {
  for (size_t s = 0; s < m_requests.size(); ++s) run_subgraph(s);
}

void HeteroSyncInferRequest::bind(size_t index, const Output<const Node>& port, const Tensor& tensor) {
  auto& request = m_requests[index];
  if (request->get_tensor(port).get_impl() != tensor.get_impl()) request->set_tensor(port, tensor);
}

void HeteroSyncInferRequest::run_subgraph(size_t index) {
  if (index == 0) {
    check_tensors();
    for (size_t k = 0; k < get_inputs().size(); ++k) convert_batched_tensors(k);
  }
  const CompiledSubgraph& subgraph = m_compiled.subgraphs()[index];
  for (size_t i = 0; i < subgraph.inputs.size(); ++i) {
    const SubgraphInput& input = subgraph.inputs[i];
    if (input.from_model) {
      bind(index, subgraph.compiled->inputs()[i], input_tensor(input.index));
    } else {
      const auto& producer = m_compiled.subgraphs()[input.index];
      bind(index, subgraph.compiled->inputs()[i],
           m_requests[input.index]->get_tensor(producer.compiled->outputs()[input.output]));
    }
  }
  // A model output the caller set a tensor for: the device writes into it.
  for (size_t k : m_outputs_of[index]) {
    const OutputSource& source = m_compiled.output_sources()[k];
    if (m_output_set[k]) bind(index, subgraph.compiled->outputs()[source.output], output_tensor(k));
  }
  m_running = m_requests[index]._ptr.get();
  try {
    m_requests[index]->infer();
  } catch (...) {
    m_running = nullptr;
    throw;
  }
  m_running = nullptr;
  // The device's own output (a dynamic one may be a new tensor of the new shape).
  for (size_t k : m_outputs_of[index]) {
    if (m_output_set[k]) continue;
    const OutputSource& source = m_compiled.output_sources()[k];
    const Tensor produced = m_requests[index]->get_tensor(subgraph.compiled->outputs()[source.output]);
    if (produced.get_impl() != output_tensor(k).get_impl()) output_tensor(k) = produced;
  }
}

void HeteroSyncInferRequest::cancel_running() {
  if (IAsyncInferRequest* running = m_running.load()) running->cancel();
}

std::vector<ProfilingInfo> HeteroSyncInferRequest::get_profiling_info() const {
  std::vector<ProfilingInfo> records;
  for (size_t s = 0; s < m_requests.size(); ++s) {
    for (ProfilingInfo record : m_requests[s]->get_profiling_info()) {
      record.exec_type = m_compiled.subgraphs()[s].device + ":" + record.exec_type;
      records.push_back(std::move(record));
    }
  }
  return records;
}

}  // namespace ferry::hetero
