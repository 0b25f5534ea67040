#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"

namespace ferry::cpu::engine {

class PlanChooser;

// The arithmetic of the products with constant weights (Convolution, GroupConvolution, MatMul):
// f32, or bf16 (inputs and weights rounded to bfloat16, sums and outputs in f32; processors with
// AVX512_BF16 or AMX). Every other op computes in f32 either way.
enum class MatrixPrecision { f32, bf16 };

// What one step of an execution did: the op (the first of a fused chain), how it ran, its time.
struct OpProfile {
  std::string name;
  std::string type;       // the op's type; "Reorder" for a layout change the engine added
  std::string exec_type;  // "onednn", "onednn+bias+relu", "onednn+bias+sum+relu", "reference"
  uint64_t ns = 0;
  // describe_steps only: the layout of the step's (first) output, "plain" or "blocked" (one
  // of oneDNN's, such as nChw8c).
  std::string layout;
};

// A model compiled once for the host CPU (the CPU plugin, the simulated NPU): ops oneDNN covers are lowered to oneDNN
// primitives (fused with a following bias Add, residual Add and Relu or Clamp where possible,
// weights reordered into oneDNN's preferred layout at compilation, activations kept in
// oneDNN's blocked layouts between its steps), the others run on core's reference kernels.
// Inputs are read and outputs written in the caller's memory; intermediates live in an arena
// planned once. run() is const and may be called from several threads at once: each
// execution takes an execution context (arena, bindings) of its own from a pool.
// On a host of several cores the graph is compiled twice, for all cores and for one thread
// (oneDNN's primitives are made for a thread count), and each execution runs the plan that was
// faster lately: while other processes hold the cores, the OpenMP team of all cores waits at
// every step for its descheduled thread.
class CompiledGraph {
 public:
  // Throws ferry::Exception when the model has dynamic shapes or ops without any kernel.
  // `threads`: the most threads one execution uses (0: every core oneDNN's runtime sees).
  explicit CompiledGraph(std::shared_ptr<const Model> model, int threads = 0,
                         MatrixPrecision precision = MatrixPrecision::f32);
  ~CompiledGraph();

  // `arguments`: the memory of each parameter, then of each result (static shapes, dense).
  // Returns the bytes it copied (device_copy.hpp): into the outputs (a result that no step writes
  // in place: a parameter or constant passed through, or a value two results share), a residual
  // into a sum's destination when the sum cannot take over its memory, a reference kernel's own
  // output into its slot. Allocates nothing
  // once as many executions have run at once as run now (reference kernels and `profile` aside).
  uint64_t run(const std::vector<void*>& arguments, std::vector<OpProfile>* profile = nullptr) const;

  // How each step runs, in execution order (for tests and profiling).
  std::vector<OpProfile> describe_steps() const;

  // The bytes of one execution context's arena (intermediates and oneDNN's scratchpad).
  size_t arena_bytes() const;

  // The OpenMP thread count of each plan (all cores first), and how many executions each ran.
  std::vector<int> plan_threads() const;
  std::vector<uint64_t> executions_per_plan() const;

 private:
  struct Variant;

  std::shared_ptr<const Model> m_model;
  std::vector<std::unique_ptr<Variant>> m_variants;
  std::unique_ptr<PlanChooser> m_chooser;
};

}  // namespace ferry::cpu::engine
