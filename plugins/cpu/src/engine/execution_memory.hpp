#pragma once

#include <oneapi/dnnl/dnnl.hpp>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"

namespace ferry::cpu::engine {

// What a step needs to know of a slot to bind to it.
struct SlotInfo {
  element::Type type;
  Shape shape;
  // f32 values: how oneDNN lays it out (plain row-major unless a oneDNN step chose a blocked
  // layout such as nChw8c); empty for other types, which are always plain.
  dnnl::memory::desc layout;
  size_t bytes = 0;
  // Bound to the caller's memory (a parameter or a result): its address may change between
  // executions. Other slots (the arena's, the constants') keep theirs for the context's life.
  bool per_execution = false;
};

// One execution context's view of the slots: every slot's address in this execution, the
// stream oneDNN runs on, and the scratchpad its primitives share (steps run one at a time).
struct ExecutionMemory {
  const std::vector<SlotInfo>* slots = nullptr;
  std::vector<void*> address;  // per slot
  void* scratchpad = nullptr;
  dnnl::stream stream;
  uint64_t copied = 0;  // bytes the steps copied in this execution (device_copy)
};

}  // namespace ferry::cpu::engine
