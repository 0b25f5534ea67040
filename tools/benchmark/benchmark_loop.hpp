#pragma once

// The measured part of benchmark_app: inferences run back to back until the stop condition,
// each one's latency recorded.

#include <vector>

#include "ferry/runtime/infer_request.hpp"
#include "progress_line.hpp"
#include "stop_condition.hpp"

namespace ferry::tools {

struct RunMeasurements {
  std::vector<double> latencies_ms;  // one per completed inference
  double duration_ms = 0;            // from the first start to the last completion
};

// -api sync: request.infer() in a loop; latency = the call's duration.
RunMeasurements run_sync(InferRequest& request, const StopCondition& stop, ProgressLine& progress);

// -api async: keeps every request busy: whenever one completes, the main thread starts it again;
// latency = from start_async to the completion callback. The first failed inference stops the
// run; its error is rethrown once every request is idle.
RunMeasurements run_async(std::vector<InferRequest>& requests, const StopCondition& stop, ProgressLine& progress);

}  // namespace ferry::tools
