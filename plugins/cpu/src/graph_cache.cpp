#include "graph_cache.hpp"

#include <chrono>

#include "ferry/base/exception.hpp"
#include "ferry/graph/constant_folding.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry::cpu_plugin {
namespace {

std::chrono::microseconds to_microseconds(uint64_t ns) { return std::chrono::microseconds(ns / 1000); }

// Whether every value of the model has a static type and shape.
bool static_throughout(const Model& model) {
  for (const auto& node : model.get_ordered_ops())
    for (size_t i = 0; i < node->get_output_size(); ++i)
      if (node->get_output_element_type(i).is_dynamic() || node->get_output_partial_shape(i).is_dynamic()) return false;
  return true;
}

// Whether some op computes from constants only (a Convert of f16-compressed weights, as
// OpenVINO's save_model writes them; a shape computation once the inputs' shapes are known).
bool computes_from_constants(const Model& model) {
  for (const auto& node : model.get_ordered_ops()) {
    if (is_type<op::v0::Parameter>(node) || is_type<op::v0::Result>(node) || is_type<op::v0::Constant>(node) ||
        node->get_input_size() == 0)
      continue;
    bool constant_inputs = true;
    for (size_t i = 0; i < node->get_input_size(); ++i)
      constant_inputs = constant_inputs && is_type<op::v0::Constant>(node->get_input_node_shared_ptr(i));
    if (constant_inputs) return true;
  }
  return false;
}

bool needs_folding(const Model& model) { return !static_throughout(model) || computes_from_constants(model); }

// `own` (the caller's copy of a model whose inputs have static shapes) with what it computes
// from constants folded in place: the subgraphs that compute shapes from the inputs' (ShapeOf ->
// ... -> Range, Reshape: a transformer's positions and masks), so the values they shape become
// static, and weights stored compressed, so oneDNN gets them as constants.
std::shared_ptr<const Model> folded(std::shared_ptr<Model> own) {
  if (needs_folding(*own)) fold_constants(*own);
  return own;
}

}  // namespace

ShapeGraph::ShapeGraph(std::shared_ptr<const Model> model, int threads, cpu::engine::MatrixPrecision precision)
    : m_model(std::move(model)) {
  // Dynamic element types, or shapes the values decide: only the reference kernels follow them.
  if (static_throughout(*m_model)) {
    m_graph = std::make_unique<cpu::engine::CompiledGraph>(m_model, threads, precision);
  } else {
    m_reference = std::make_unique<ReferenceExecutor>(m_model);
  }
}

uint64_t ShapeGraph::run(const TensorVector& inputs, TensorVector& outputs, std::vector<void*>& arguments,
                         std::vector<ProfilingInfo>* profile) const {
  if (m_reference) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<bool> bound(outputs.size());
    for (size_t r = 0; r < outputs.size(); ++r) bound[r] = static_cast<bool>(outputs[r]);
    m_reference->run(inputs, outputs);
    // The executor computes into tensors of its own and copies a result into each bound output.
    uint64_t copied = 0;
    for (size_t r = 0; r < outputs.size(); ++r)
      if (bound[r]) copied += outputs[r].get_byte_size();
    if (profile) {
      const auto took = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
      profile->push_back(
          {ProfilingInfo::Status::EXECUTED, took, took, m_model->get_friendly_name(), "reference", "Subgraph"});
    }
    return copied;
  }
  arguments.clear();
  for (const Tensor& input : inputs) arguments.push_back(input.data());
  for (size_t r = 0; r < outputs.size(); ++r) {
    const auto& result = m_model->get_results()[r];
    const Shape& shape = result->get_input_shape(0);
    if (!outputs[r]) {
      outputs[r] = Tensor(result->get_input_element_type(0), shape);
    } else if (outputs[r].get_shape() != shape) {
      outputs[r].set_shape(shape);
    }
    arguments.push_back(outputs[r].data());
  }
  if (!profile) return m_graph->run(arguments);
  std::vector<cpu::engine::OpProfile> steps;
  const uint64_t copied = m_graph->run(arguments, &steps);
  for (const auto& step : steps)
    profile->push_back({ProfilingInfo::Status::EXECUTED, to_microseconds(step.ns), to_microseconds(step.ns), step.name,
                        step.exec_type, step.type});
  return copied;
}

GraphCache::GraphCache(std::shared_ptr<const Model> model, int threads, cpu::engine::MatrixPrecision precision,
                       size_t capacity)
    : m_model(std::move(model)), m_threads(threads), m_precision(precision), m_capacity(std::max<size_t>(1, capacity)) {
  bool static_inputs = true;
  for (const auto& parameter : m_model->get_parameters())
    if (parameter->get_output_partial_shape(0).is_dynamic()) static_inputs = false;
  // Compile errors of a static model belong to compile_model.
  if (static_inputs) {
    m_static = std::make_shared<ShapeGraph>(needs_folding(*m_model) ? folded(m_model->clone()) : m_model, m_threads,
                                            m_precision);
    m_compiled = 1;
  }
}

std::shared_ptr<const ShapeGraph> GraphCache::get(const std::vector<Shape>& input_shapes) const {
  if (m_static) return m_static;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_by_shapes.find(input_shapes);
    if (found != m_by_shapes.end()) {
      m_recent.splice(m_recent.begin(), m_recent, found->second);
      return found->second->second;
    }
  }
  // A new shape: the model reshaped to it and compiled, without holding the lock.
  std::shared_ptr<Model> shaped = m_model->clone();
  std::map<size_t, PartialShape> shapes;
  for (size_t i = 0; i < input_shapes.size(); ++i) shapes[i] = PartialShape(input_shapes[i]);
  shaped->reshape(shapes);
  auto graph = std::make_shared<const ShapeGraph>(folded(std::move(shaped)), m_threads, m_precision);

  std::lock_guard<std::mutex> lock(m_mutex);
  const auto found = m_by_shapes.find(input_shapes);
  if (found != m_by_shapes.end()) return found->second->second;  // another request was first
  ++m_compiled;
  m_recent.emplace_front(input_shapes, graph);
  m_by_shapes[input_shapes] = m_recent.begin();
  if (m_recent.size() > m_capacity) {
    m_by_shapes.erase(m_recent.back().first);
    m_recent.pop_back();
  }
  return graph;
}

uint64_t GraphCache::compiled_shapes() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_compiled;
}

size_t GraphCache::cached_shapes() const {
  if (m_static) return 1;
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_recent.size();
}

}  // namespace ferry::cpu_plugin
