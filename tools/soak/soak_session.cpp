#include "soak_session.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>

namespace ferry::tools {
namespace {

// Shared with the callback, which may still be running on the device's thread when the session
// wakes up: the request never outlives what its callback touches.
struct Completion {
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::exception_ptr error;
};

void bind_inputs(InferRequest& request, const testing::ReferenceCase& reference, InputBinding binding) {
  for (const testing::StoredTensor& input : reference.inputs) {
    if (binding == InputBinding::SET_TENSOR) {
      // The reference bytes are shared by every thread; the request only reads them.
      request.set_tensor(input.name, Tensor(input.type, input.shape, const_cast<char*>(input.bytes.data())));
    } else {
      Tensor own = request.get_tensor(input.name);
      own.set_shape(input.shape);
      std::memcpy(own.data(), input.bytes.data(), input.bytes.size());
    }
  }
}

void run_once(InferRequest& request, RunMode mode, const std::shared_ptr<Completion>& completion) {
  switch (mode) {
    case RunMode::SYNC:
      request.infer();
      return;
    case RunMode::ASYNC_WAIT:
      request.start_async();
      request.wait();
      return;
    case RunMode::CALLBACK: {
      {
        std::lock_guard<std::mutex> lock(completion->mutex);
        completion->done = false;
        completion->error = nullptr;
      }
      request.start_async();
      std::unique_lock<std::mutex> lock(completion->mutex);
      completion->done_cv.wait(lock, [&] { return completion->done; });
      if (completion->error) std::rethrow_exception(completion->error);
      return;
    }
  }
}

// NaN in every f32 output, so that an inference that leaves an output unwritten cannot pass on the
// previous inference's values.
void poison_outputs(InferRequest& request, const testing::ReferenceCase& reference) {
  for (const testing::StoredTensor& expected : reference.outputs) {
    Tensor output = request.get_tensor(expected.name);
    if (output.get_element_type() != element::f32) continue;
    std::fill_n(output.data<float>(), output.get_size(), std::numeric_limits<float>::quiet_NaN());
  }
}

}  // namespace

const char* run_mode_name(RunMode mode) {
  switch (mode) {
    case RunMode::SYNC:
      return "infer";
    case RunMode::ASYNC_WAIT:
      return "start_async+wait";
    case RunMode::CALLBACK:
      return "callback";
  }
  return "?";
}

void SessionTally::add(const SessionTally& other) {
  requests += other.requests;
  inferences += other.inferences;
  checked_outputs += other.checked_outputs;
  mismatched_outputs += other.mismatched_outputs;
  errors += other.errors;
  max_abs_error = std::max(max_abs_error, other.max_abs_error);
  if (first_problem.empty()) first_problem = other.first_problem;
}

SessionTally run_session(CompiledModel& compiled, const testing::ReferenceCase& reference, const SessionPlan& plan,
                         const Tolerance& tolerance, FaultInjection& faults) {
  SessionTally tally;
  auto completion = std::make_shared<Completion>();
  try {
    InferRequest request = compiled.create_infer_request();
    ++tally.requests;
    if (plan.mode == RunMode::CALLBACK)
      request.set_callback([completion](std::exception_ptr error) {
        std::lock_guard<std::mutex> lock(completion->mutex);
        completion->done = true;
        completion->error = error;
        completion->done_cv.notify_one();
      });
    bind_inputs(request, reference, plan.binding);
    for (uint32_t i = 0; i < plan.inferences; ++i) {
      if (i > 0) poison_outputs(request, reference);
      run_once(request, plan.mode, completion);
      ++tally.inferences;
      faults.after_inference(request, plan.first_index + i);
      for (const testing::StoredTensor& expected : reference.outputs) {
        const OutputComparison comparison = compare_output(request.get_tensor(expected.name), expected, tolerance);
        ++tally.checked_outputs;
        tally.max_abs_error = std::max(tally.max_abs_error, comparison.max_abs_error);
        if (comparison.matches()) continue;
        ++tally.mismatched_outputs;
        if (tally.first_problem.empty())
          tally.first_problem = comparison.first_mismatch + " (" + run_mode_name(plan.mode) + ", inference " +
                                std::to_string(i + 1) + " of its request)";
      }
    }
  } catch (const std::exception& e) {
    ++tally.errors;
    if (tally.first_problem.empty()) tally.first_problem = std::string("error: ") + e.what();
  }
  faults.after_request();
  return tally;
}

}  // namespace ferry::tools
