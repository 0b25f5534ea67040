#pragma once

// What the LOOP device compiles a model into: a list of steps over numbered value slots.
// compile_model builds it once; every inference then only runs the steps.

#include <cstddef>
#include <memory>
#include <vector>

#include "ferry/graph/model.hpp"

namespace loop_device {

struct LoopProgram {
  struct Step {
    enum class Kind { RELU, ADD } kind;
    size_t a = 0;    // slot of the first input
    size_t b = 0;    // slot of the second input (ADD)
    size_t out = 0;  // slot written
  };
  std::vector<size_t> slot_sizes;             // elements per slot
  std::vector<std::vector<float>> constants;  // per slot: the data of a Constant, else empty
  std::vector<size_t> input_slots;            // per model input
  std::vector<size_t> output_slots;           // per model output
  std::vector<Step> steps;                    // in execution order
};

// Accepts f32 models of static shapes made of Parameter, Constant, Relu, Add (both inputs of one
// shape) and Result. Throws ferry::Exception naming the first node it cannot run.
LoopProgram compile_loop_program(const ferry::Model& model);

// True when compile_loop_program can run `node` (what query_model reports).
bool loop_supports(const ferry::Node& node);

}  // namespace loop_device
