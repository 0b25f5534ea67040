#include "memory_plan.hpp"

#include <algorithm>
#include <numeric>

namespace ferry::gpu {

MemoryPlan::MemoryPlan(const std::vector<Lifetime>& values) : m_buffer_of(values.size(), 0) {
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a].first < values[b].first; });

  std::vector<size_t> busy_until;  // per buffer: the last step of its current value
  std::vector<bool> used;          // per buffer: holds a value already
  for (size_t v : order) {
    const Lifetime& value = values[v];
    // Free: the current value's last reader runs before this value is written. (A step may
    // read one value and write another in the same buffer only if it is strictly later.)
    size_t best = m_sizes.size();
    for (size_t b = 0; b < m_sizes.size(); ++b) {
      if (used[b] && busy_until[b] >= value.first) continue;
      if (best == m_sizes.size()) {
        best = b;
        continue;
      }
      const bool fits = m_sizes[b] >= value.bytes, best_fits = m_sizes[best] >= value.bytes;
      if (fits != best_fits ? fits : (fits ? m_sizes[b] < m_sizes[best] : m_sizes[b] > m_sizes[best])) best = b;
    }
    if (best == m_sizes.size()) {
      m_sizes.push_back(0);
      busy_until.push_back(0);
      used.push_back(false);
    }
    m_sizes[best] = std::max(m_sizes[best], value.bytes);
    busy_until[best] = value.last;
    used[best] = true;
    m_buffer_of[v] = best;
  }
}

size_t MemoryPlan::total_bytes() const { return std::accumulate(m_sizes.begin(), m_sizes.end(), size_t(0)); }

}  // namespace ferry::gpu
