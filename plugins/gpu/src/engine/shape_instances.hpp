#pragma once

// The static instances of a model with dynamic or bounded input shapes: one CompiledGraph per
// input-shape signature, made on first use from a clone of the model reshaped to those shapes.
// Making one builds no program (the context's ProgramCache already holds every program after the
// first instance: build options do not depend on shapes) and uploads no weight twice (the
// instances share one WeightStore). Kept in a bounded LRU cache; an instance stays alive while a
// request runs it, even once evicted. Thread-safe: concurrent requests with different shapes.

#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "compiled_graph.hpp"
#include "device_context.hpp"
#include "ferry/graph/model.hpp"
#include "precision_pass.hpp"
#include "weight_store.hpp"

namespace ferry::gpu {

// The shapes of a model's inputs, in parameter order.
using ShapeSignature = std::vector<Shape>;

class ShapeInstances {
 public:
  static constexpr size_t kDefaultCapacity = 16;

  // `model` is the compiled model's own (dynamic) copy; it is never reshaped itself. `precision`
  // f16: each instance goes through lower_to_f16 (precision_pass.hpp) once reshaped.
  ShapeInstances(std::shared_ptr<const Model> model, std::shared_ptr<DeviceContext> context,
                 std::shared_ptr<WeightStore> weights, size_t capacity = kDefaultCapacity,
                 element::Type precision = element::f32);

  // The instance for these input shapes: cached, or made now. Throws, naming the input, its shape
  // and the model's bound, for a shape the model's inputs do not allow (wrong rank, a dimension
  // outside its bounds); naming the op for a shape where an op has no kernel.
  std::shared_ptr<const CompiledGraph> get(const ShapeSignature& shapes);

  size_t size() const;  // instances cached now (<= capacity)
  size_t made() const;  // instances made so far (evicted ones included)
  size_t capacity() const { return m_capacity; }

 private:
  void check_bounds(const ShapeSignature& shapes) const;
  std::shared_ptr<const CompiledGraph> make(const ShapeSignature& shapes) const;

  struct Entry {
    std::shared_ptr<const CompiledGraph> graph;
    std::list<ShapeSignature>::iterator recency;
  };

  std::shared_ptr<const Model> m_model;
  std::shared_ptr<DeviceContext> m_context;
  std::shared_ptr<WeightStore> m_weights;
  size_t m_capacity;
  element::Type m_precision;
  mutable HalfConstants m_half_constants;  // f16 weights shared by the instances
  mutable std::mutex m_clone_mutex;        // Model::clone of the shared model, one at a time
  mutable std::mutex m_mutex;
  std::map<ShapeSignature, Entry> m_entries;
  std::list<ShapeSignature> m_recency;  // most recently used first
  size_t m_made = 0;
};

// "[2,3], [1]": a signature for messages.
std::string to_string(const ShapeSignature& shapes);

}  // namespace ferry::gpu
