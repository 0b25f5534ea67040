#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "compiled_graph.hpp"
#include "execution_memory.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/tensor.hpp"
#include "step.hpp"

namespace ferry::cpu::engine {

// A model compiled into steps over numbered slots, and where every slot lives: the caller's
// argument memory (parameters, results written in place), a constant's data, or the arena an
// execution context allocates once (`arena_offset`).
struct GraphPlan {
  std::vector<SlotInfo> slots;
  std::vector<std::unique_ptr<Step>> steps;
  std::vector<std::pair<size_t, size_t>> argument_slots;  // (slot, argument index)
  std::vector<std::pair<size_t, Tensor>> constant_slots;  // (slot, its data)
  std::vector<size_t> arena_offset;                       // per slot; ArenaPlan::kNotInArena when elsewhere
  size_t arena_bytes = 0;
  size_t scratchpad_bytes = 0;  // the largest step's: steps of one execution run one at a time
  // Results no step writes in place (a parameter or constant passed through, a value two
  // results share): copied from their slot at the end.
  std::vector<std::pair<size_t, size_t>> copied_results;  // (slot, argument index)
  size_t argument_count = 0;
};

// Lowers what oneDNN covers (fusing epilogues, choosing blocked layouts between its steps and
// reordering where a neighbour needs another), the rest to reference steps; then plans the arena.
// Throws ferry::Exception when the model has dynamic shapes or ops without any kernel.
std::unique_ptr<GraphPlan> plan_graph(const std::shared_ptr<const Model>& model,
                                      MatrixPrecision precision = MatrixPrecision::f32);

}  // namespace ferry::cpu::engine
