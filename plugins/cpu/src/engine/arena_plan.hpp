#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "execution_memory.hpp"
#include "step.hpp"

namespace ferry::cpu::engine {

// Where the arena's slots lie in one block of memory, planned once at compilation: slots whose
// lives (from the step writing them to the last step reading them) do not overlap share bytes,
// and a step's output takes over the memory of its `accumulates_into_output` input when that
// step is the input's last reader (the residual Add then runs in place).
struct ArenaPlan {
  std::vector<size_t> offset;  // per slot; kNotInArena for the others
  size_t bytes = 0;
  static constexpr size_t kNotInArena = SIZE_MAX;
};

// `in_arena`: per slot, whether it lives in the arena (not the caller's memory or a constant).
ArenaPlan plan_arena(const std::vector<SlotInfo>& slots, const std::vector<bool>& in_arena,
                     const std::vector<std::unique_ptr<Step>>& steps);

}  // namespace ferry::cpu::engine
