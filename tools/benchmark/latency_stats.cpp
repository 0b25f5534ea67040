#include "latency_stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ferry/base/exception.hpp"

namespace ferry::tools {

double percentile_of_sorted(const std::vector<double>& sorted, double p) {
  FERRY_ASSERT(!sorted.empty(), "percentile of no latencies");
  FERRY_ASSERT(p >= 0 && p <= 100, "percentile ", p, " is outside [0, 100]");
  const double rank = p / 100.0 * static_cast<double>(sorted.size() - 1);
  const size_t below = static_cast<size_t>(std::floor(rank));
  const size_t above = std::min(below + 1, sorted.size() - 1);
  const double weight = rank - static_cast<double>(below);
  return sorted[below] + (sorted[above] - sorted[below]) * weight;
}

LatencyStats compute_latency_stats(std::vector<double> latencies_ms) {
  LatencyStats stats;
  if (latencies_ms.empty()) return stats;
  std::sort(latencies_ms.begin(), latencies_ms.end());
  stats.count = latencies_ms.size();
  stats.median_ms = percentile_of_sorted(latencies_ms, 50);
  stats.p90_ms = percentile_of_sorted(latencies_ms, 90);
  stats.p99_ms = percentile_of_sorted(latencies_ms, 99);
  stats.min_ms = latencies_ms.front();
  stats.max_ms = latencies_ms.back();
  stats.mean_ms = std::accumulate(latencies_ms.begin(), latencies_ms.end(), 0.0) / static_cast<double>(stats.count);
  return stats;
}

}  // namespace ferry::tools
