#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/value/profiling_info.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::template_plugin {

// The compiled form of a model for the reference kernels: the ops in topological order, each
// step reading and writing numbered value slots. compile_model builds it once; an inference
// only binds tensors to slots and calls each step's Node::evaluate.
//
// Where values live:
// - Constants are evaluated once, here, and shared by every request.
// - Model inputs are read in place from the tensors bound to the request.
// - A value that a model output reads is written by its kernel straight into the bound output
//   tensor (kernels reshape it when the output is dynamic). Only an output that reads a model
//   input or a Constant directly, or a value another output already took, is copied.
// - Every other value has a buffer per request (State): allocated with the State for static
//   shapes, by the first inference otherwise, and reused after that. (A real plugin would also
//   share buffers between values whose lifetimes do not overlap.)
// The plan is immutable, so requests run it concurrently, each with its own State.
class ExecutionPlan {
 public:
  // Throws naming the first op that has no reference kernel.
  explicit ExecutionPlan(std::shared_ptr<const Model> model);

  // True when the reference interpreter can run `node` (it has a kernel, or is a Parameter).
  static bool is_supported(const Node& node);

  // What one infer request keeps between inferences.
  struct State {
    TensorVector slots;
    TensorVector arguments, results;  // reused by every step
  };
  State make_state() const;

  // inputs: one host tensor per model parameter, type and shape already checked. outputs: one
  // entry per model result: a host tensor that receives the value (an empty entry gets a new
  // tensor). profile: when not null, receives one record per kernel run, with measured times.
  void run(State& state, const TensorVector& inputs, TensorVector& outputs, std::vector<ProfilingInfo>* profile) const;

  const std::shared_ptr<const Model>& get_model() const { return m_model; }

 private:
  struct Step {
    std::shared_ptr<const Node> node;
    std::vector<size_t> inputs;   // slot of each input
    std::vector<size_t> outputs;  // slot of each output
    std::vector<int64_t> bound;   // per output: the model output written in place, or -1
  };
  struct Copy {  // a model output that is copied from a slot after the steps
    size_t slot;
    size_t output;
  };

  std::shared_ptr<const Model> m_model;
  std::vector<Step> m_steps;
  std::vector<size_t> m_parameter_slots;               // per model parameter
  std::vector<std::pair<size_t, Tensor>> m_constants;  // slot and value
  std::vector<Copy> m_copies;
  size_t m_slot_count = 0;
};

}  // namespace ferry::template_plugin
