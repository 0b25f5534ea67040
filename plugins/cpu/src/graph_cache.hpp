#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/value/profiling_info.hpp"
#include "ferry/value/tensor.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"

namespace ferry::cpu_plugin {

// The model compiled for one set of input shapes. Static shapes throughout: the engine's
// CompiledGraph (oneDNN primitives, the reference kernels for the rest), which reads the inputs
// and writes the outputs in place. Shapes that depend on the values (NonZero, a Range of an
// input): core's ReferenceExecutor, which allocates its intermediates per run.
// run() is const and may be called from several threads at once.
class ShapeGraph {
 public:
  // `model`: static input shapes. `threads`: the most threads one execution uses. `precision`:
  // the engine's products (the reference executor computes in the model's types).
  ShapeGraph(std::shared_ptr<const Model> model, int threads, cpu::engine::MatrixPrecision precision);

  // inputs: dense host tensors of the model's input shapes. outputs: one host tensor per result,
  // dense; each is set_shape'd to the result's shape, and an empty one is allocated. Returns the
  // bytes copied: the engine's own copies, or on the reference executor every bound output (it
  // computes into tensors of its own).
  // `arguments`: the caller's scratch for the engine's argument list, reused so that a run
  // allocates nothing.
  uint64_t run(const TensorVector& inputs, TensorVector& outputs, std::vector<void*>& arguments,
               std::vector<ProfilingInfo>* profile) const;

  // "onednn" when the engine runs it, "reference" when core's reference executor does.
  const char* executor() const { return m_graph ? "onednn" : "reference"; }

 private:
  std::shared_ptr<const Model> m_model;
  std::unique_ptr<cpu::engine::CompiledGraph> m_graph;  // or
  std::unique_ptr<ReferenceExecutor> m_reference;
};

// A compiled model's ShapeGraphs. A model whose inputs are static has one, made at compile
// time; a model with dynamic inputs gets one per input shapes on first use (the model reshaped
// and compiled once for them), the `capacity` most recently used kept. Thread-safe: a shape is
// compiled outside the lock, and two requests that compile the same new shape at once keep the
// first one's.
class GraphCache {
 public:
  GraphCache(std::shared_ptr<const Model> model, int threads, cpu::engine::MatrixPrecision precision, size_t capacity);

  std::shared_ptr<const ShapeGraph> get(const std::vector<Shape>& input_shapes) const;

  // How many shapes have been compiled, and how many are kept now.
  uint64_t compiled_shapes() const;
  size_t cached_shapes() const;

 private:
  std::shared_ptr<const Model> m_model;
  int m_threads;
  cpu::engine::MatrixPrecision m_precision;
  size_t m_capacity;
  std::shared_ptr<const ShapeGraph> m_static;  // the static model's only graph

  mutable std::mutex m_mutex;  // guards the members below
  using Entry = std::pair<std::vector<Shape>, std::shared_ptr<const ShapeGraph>>;
  mutable std::list<Entry> m_recent;  // most recently used first
  mutable std::map<std::vector<Shape>, std::list<Entry>::iterator> m_by_shapes;
  mutable uint64_t m_compiled = 0;
};

}  // namespace ferry::cpu_plugin
