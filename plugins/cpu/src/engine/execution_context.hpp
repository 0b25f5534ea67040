#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "compiled_graph.hpp"
#include "execution_memory.hpp"
#include "graph_plan.hpp"
#include "step.hpp"

namespace ferry::cpu::engine {

// What one execution of a plan needs, made once: the arena (and oneDNN's scratchpad), a oneDNN
// stream, and every step bound to them. Runs allocate nothing (reference kernels aside); one
// context serves one execution at a time.
class ExecutionContext {
 public:
  explicit ExecutionContext(const GraphPlan& plan);
  ExecutionContext(const ExecutionContext&) = delete;
  ExecutionContext& operator=(const ExecutionContext&) = delete;

  // See CompiledGraph::run.
  uint64_t run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile);

 private:
  struct FreeArena {
    void operator()(void* arena) const;
  };
  const GraphPlan& m_plan;
  std::unique_ptr<void, FreeArena> m_arena;
  ExecutionMemory m_memory;
  std::vector<std::unique_ptr<StepBinding>> m_bindings;  // per step
};

}  // namespace ferry::cpu::engine
