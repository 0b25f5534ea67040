#pragma once

// Summary statistics of inference latencies, as benchmark_app reports them.

#include <cstddef>
#include <vector>

namespace ferry::tools {

struct LatencyStats {
  size_t count = 0;
  double median_ms = 0;
  double p90_ms = 0;
  double p99_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  double mean_ms = 0;
};

// The p-th percentile (0 <= p <= 100) of sorted values, interpolating linearly between the two
// closest ranks: rank = p/100 * (n-1). So p=50 of an even count is the mean of the middle two,
// and p=0/p=100 are the minimum/maximum. Throws ferry::Exception when `sorted` is empty or p is
// out of range.
double percentile_of_sorted(const std::vector<double>& sorted, double p);

// Statistics of `latencies_ms` (any order); all zero when it is empty.
LatencyStats compute_latency_stats(std::vector<double> latencies_ms);

}  // namespace ferry::tools
