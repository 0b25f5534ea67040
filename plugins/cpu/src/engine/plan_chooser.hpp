#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

namespace ferry::cpu::engine {

// Chooses, for each execution, one of several plans of a graph (its primitives made for all
// cores, or for one thread) by their recent latency. On a quiet host all cores win; while
// other processes hold the cores, oneDNN's OpenMP team waits at every step's barrier for its
// descheduled thread and one thread wins. Each plan is tried once first; then the fastest runs,
// and every kExploreEvery-th execution runs another, so that a change of load is noticed.
class PlanChooser {
 public:
  static constexpr uint64_t kExploreEvery = 16;

  explicit PlanChooser(size_t plans);

  size_t choose();
  // An execution of `plan` took `ms`.
  void record(size_t plan, double ms);

 private:
  std::mutex m_mutex;
  std::vector<double> m_recent_ms;  // per plan, a moving average; < 0: not run yet
  uint64_t m_choices = 0;
};

}  // namespace ferry::cpu::engine
