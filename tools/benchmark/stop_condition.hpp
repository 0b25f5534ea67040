#pragma once

// When a benchmark run ends: after -niter inferences, after -t seconds, or at whichever of the
// two comes first when both are given.

#include <algorithm>
#include <cstdint>

namespace ferry::tools {

struct StopCondition {
  uint64_t niter = 0;  // 0: no iteration limit
  double time_s = 0;   // 0: no time limit

  // True once no further inference should start.
  bool reached(uint64_t started, double elapsed_s) const {
    return (niter > 0 && started >= niter) || (time_s > 0 && elapsed_s >= time_s);
  }
  // How much of the run is done, in [0, 1], for the progress line.
  double fraction(uint64_t completed, double elapsed_s) const {
    double done = 0;
    if (niter > 0) done = std::max(done, static_cast<double>(completed) / static_cast<double>(niter));
    if (time_s > 0) done = std::max(done, elapsed_s / time_s);
    return std::min(done, 1.0);
  }
};

}  // namespace ferry::tools
