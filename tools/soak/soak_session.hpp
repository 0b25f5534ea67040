#pragma once

// One request's life in the soak: created on a compiled model, its inputs bound, a few
// inferences run one way (infer, start_async + wait, or a completion callback), every output
// checked against the reference, then destroyed.

#include <cstdint>
#include <string>

#include "fault_injection.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "output_check.hpp"
#include "testing/models/reference_case.hpp"

namespace ferry::tools {

enum class RunMode { SYNC, ASYNC_WAIT, CALLBACK };
// SET_TENSOR wraps the shared reference inputs (set_tensor); COPY_INTO writes them into the
// request's own input tensors (get_tensor, set_shape for dynamic inputs).
enum class InputBinding { SET_TENSOR, COPY_INTO };

const char* run_mode_name(RunMode mode);

struct SessionPlan {
  RunMode mode = RunMode::SYNC;
  InputBinding binding = InputBinding::SET_TENSOR;
  uint32_t inferences = 1;
  uint64_t first_index = 0;  // of its first inference over the whole soak
};

// What sessions of one device and model added up to.
struct SessionTally {
  uint64_t requests = 0;
  uint64_t inferences = 0;
  uint64_t checked_outputs = 0;
  uint64_t mismatched_outputs = 0;
  uint64_t errors = 0;  // inferences that threw
  double max_abs_error = 0;
  std::string first_problem;  // the first mismatch or error, for the summary
  void add(const SessionTally& other);
};

// Never throws: an error of the device counts in `errors`, with its message in `first_problem`.
SessionTally run_session(CompiledModel& compiled, const testing::ReferenceCase& reference, const SessionPlan& plan,
                         const Tolerance& tolerance, FaultInjection& faults);

}  // namespace ferry::tools
