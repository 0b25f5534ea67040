#include "sync_infer_request.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/plugin/iremote_tensor.hpp"

namespace ferry::hetero {

HeteroSyncInferRequest::HeteroSyncInferRequest(const std::shared_ptr<const HeteroCompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_compiled(*compiled_model) {
  const auto& subgraphs = m_compiled.subgraphs();
  for (const auto& subgraph : subgraphs) {
    m_requests.emplace_back(subgraph.compiled->create_infer_request(), subgraph.compiled);
    m_fixed_inputs.emplace_back(subgraph.compiled->inputs().size(), false);
  }
  m_outputs_of.resize(subgraphs.size());
  share_values_between_subgraphs();
  // What each input is bound to now, so an inference sets only what changed.
  for (size_t s = 0; s < subgraphs.size(); ++s) {
    m_bound_inputs.emplace_back();
    for (const auto& port : subgraphs[s].compiled->inputs())
      m_bound_inputs[s].push_back(m_requests[s]->get_tensor(port));
  }
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

// A tensor in the device memory of `compiled`'s context, or an empty tensor when the device offers
// no context.
Tensor device_tensor_of(const SoPtr<ICompiledModel>& compiled, const Output<const Node>& port) {
  try {
    return Tensor(compiled->get_context()->create_tensor(port.get_element_type(), port.get_shape()));
  } catch (const Exception&) {
    return {};
  }
}

}  // namespace

void HeteroSyncInferRequest::share_values_between_subgraphs() {
  const auto& subgraphs = m_compiled.subgraphs();
  // Each value handed between subgraphs, (subgraph, output), with its readers, (subgraph, input).
  std::map<std::pair<size_t, size_t>, std::vector<std::pair<size_t, size_t>>> readers;
  for (size_t s = 0; s < subgraphs.size(); ++s)
    for (size_t i = 0; i < subgraphs[s].inputs.size(); ++i)
      if (!subgraphs[s].inputs[i].from_model)
        readers[{subgraphs[s].inputs[i].index, subgraphs[s].inputs[i].output}].emplace_back(s, i);
  std::set<std::pair<size_t, size_t>> model_outputs;
  for (const OutputSource& source : m_compiled.output_sources()) model_outputs.emplace(source.subgraph, source.output);

  for (const auto& [value, its_readers] : readers) {
    const CompiledSubgraph& writer = subgraphs[value.first];
    const Output<const Node>& output = writer.compiled->outputs()[value.second];
    if (output.get_partial_shape().is_dynamic()) continue;  // the writer's own, per shape
    const CompiledSubgraph& first_reader = subgraphs[its_readers.front().first];
    const bool same_device =
        !model_outputs.count(value) && std::all_of(its_readers.begin(), its_readers.end(), [&](const auto& reader) {
          return subgraphs[reader.first].device == writer.device;
        });
    // Read only by the device that writes it (a GPU subgraph's value skipping a CPU one), and not
    // a model output the caller reads: it stays in the device's memory.
    Tensor tensor = same_device ? device_tensor_of(writer.compiled, output) : Tensor();
    // Else the reader's host memory where it has some (it then reads in place, or copies in at
    // full speed), else the writer's; else the writer's own output tensor stays.
    if (!tensor)
      tensor = host_tensor_of(first_reader.compiled, first_reader.compiled->inputs()[its_readers.front().second]);
    if (!tensor) tensor = host_tensor_of(writer.compiled, output);
    if (!tensor) continue;
    m_requests[value.first]->set_tensor(output, tensor);
    for (const auto& [s, i] : its_readers) {
      m_requests[s]->set_tensor(subgraphs[s].compiled->inputs()[i], tensor);
      // Bound for good unless the caller can replace it (a model output).
      m_fixed_inputs[s][i] = !model_outputs.count(value);
    }
  }
}

void HeteroSyncInferRequest::infer() {
  for (size_t s = 0; s < m_requests.size(); ++s) run_subgraph(s);
}

void HeteroSyncInferRequest::bind_input(size_t index, size_t input, const Tensor& tensor) {
  Tensor& bound = m_bound_inputs[index][input];
  if (bound.get_impl() == tensor.get_impl()) return;
  m_requests[index]->set_tensor(m_compiled.subgraphs()[index].compiled->inputs()[input], tensor);
  bound = tensor;
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
      bind_input(index, i, input_tensor(input.index));
    } else if (!m_fixed_inputs[index][i]) {
      const auto& producer = m_compiled.subgraphs()[input.index];
      bind_input(index, i, m_requests[input.index]->get_tensor(producer.compiled->outputs()[input.output]));
    }
  }
  // A model output the caller set a tensor for: the device writes into it.
  for (size_t k : m_outputs_of[index]) {
    if (!m_output_set[k]) continue;
    const Output<const Node>& port = subgraph.compiled->outputs()[m_compiled.output_sources()[k].output];
    if (m_requests[index]->get_tensor(port).get_impl() != output_tensor(k).get_impl())
      m_requests[index]->set_tensor(port, output_tensor(k));
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
    const Output<const Node>& port = subgraph.compiled->outputs()[m_compiled.output_sources()[k].output];
    if (m_output_set[k] || port.get_partial_shape().is_static()) continue;
    const Tensor produced = m_requests[index]->get_tensor(port);
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
