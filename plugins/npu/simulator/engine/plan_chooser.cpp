#include "plan_chooser.hpp"

#include <algorithm>

namespace ferry::npu::engine {
namespace {

// The weight of the newest latency: a few executions follow a change of load.
constexpr double kNewest = 0.3;

}  // namespace

PlanChooser::PlanChooser(size_t plans) : recent_ms_(plans, -1.0) {}

size_t PlanChooser::choose() {
  std::lock_guard<std::mutex> lock(mutex_);
  const uint64_t choice = choices_++;
  for (size_t plan = 0; plan < recent_ms_.size(); ++plan)
    if (recent_ms_[plan] < 0) return plan;
  const size_t fastest = std::min_element(recent_ms_.begin(), recent_ms_.end()) - recent_ms_.begin();
  if (recent_ms_.size() > 1 && choice % kExploreEvery == kExploreEvery - 1) {
    const size_t round = choice / kExploreEvery % (recent_ms_.size() - 1);
    return (fastest + 1 + round) % recent_ms_.size();  // another plan, in turn
  }
  return fastest;
}

void PlanChooser::record(size_t plan, double ms) {
  std::lock_guard<std::mutex> lock(mutex_);
  double& recent = recent_ms_.at(plan);
  recent = recent < 0 ? ms : kNewest * ms + (1 - kNewest) * recent;
}

}  // namespace ferry::npu::engine
