#include "plan_chooser.hpp"

#include <algorithm>

namespace ferry::cpu::engine {
namespace {

// The weight of the newest latency: a few executions follow a change of load.
constexpr double kNewest = 0.3;

}  // namespace

PlanChooser::PlanChooser(size_t plans) : m_recent_ms(plans, -1.0) {}

size_t PlanChooser::choose() {
  std::lock_guard<std::mutex> lock(m_mutex);
  const uint64_t choice = m_choices++;
  for (size_t plan = 0; plan < m_recent_ms.size(); ++plan)
    if (m_recent_ms[plan] < 0) return plan;
  const size_t fastest = std::min_element(m_recent_ms.begin(), m_recent_ms.end()) - m_recent_ms.begin();
  if (m_recent_ms.size() > 1 && choice % kExploreEvery == kExploreEvery - 1) {
    const size_t round = choice / kExploreEvery % (m_recent_ms.size() - 1);
    return (fastest + 1 + round) % m_recent_ms.size();  // another plan, in turn
  }
  return fastest;
}

void PlanChooser::record(size_t plan, double ms) {
  std::lock_guard<std::mutex> lock(m_mutex);
  double& recent = m_recent_ms.at(plan);
  recent = recent < 0 ? ms : kNewest * ms + (1 - kNewest) * recent;
}

}  // namespace ferry::cpu::engine
