#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"

namespace ferry::npu::engine {

class Step;

// What one step of an execution did: the op (the first of a fused chain), how it ran, its time.
struct OpProfile {
  std::string name;
  std::string type;
  std::string exec_type;  // "onednn", "onednn+bias+relu", "reference"
  uint64_t ns = 0;
};

// A model compiled once for the simulated NPU: ops oneDNN covers are lowered to oneDNN
// primitives (fused with a following bias Add and Relu where possible, weights reordered into
// oneDNN's preferred layout at compilation), the others run on core's reference kernels.
// Inputs are read and outputs written in the caller's memory. run() is const and may be
// called from several threads at once.
class CompiledGraph {
 public:
  // Throws ferry::Exception when the model has dynamic shapes or ops without any kernel.
  explicit CompiledGraph(std::shared_ptr<const Model> model);
  ~CompiledGraph();

  // `arguments`: the memory of each parameter, then of each result (static shapes, dense).
  // Returns the bytes it had to copy into the outputs (a result that no step writes in place:
  // a parameter or constant passed through, or a value two results share).
  uint64_t run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile = nullptr) const;

  // How each step runs, in execution order (for tests and profiling).
  std::vector<OpProfile> describe_steps() const;

 private:
  struct Plan;
  std::shared_ptr<const Model> model_;
  std::unique_ptr<Plan> plan_;
};

}  // namespace ferry::npu::engine
