#include "soak_schedule.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::tools {

SoakSchedule::SoakSchedule(const std::vector<uint32_t>& weights) {
  // Interleaved (0 1 2 0 1 0 ...) rather than in blocks, so the threads meet every device at once.
  for (uint32_t pass = 0;; ++pass) {
    bool any = false;
    for (size_t target = 0; target < weights.size(); ++target)
      if (pass < weights[target]) {
        m_wheel.push_back(target);
        any = true;
      }
    if (!any) break;
  }
  FERRY_ASSERT(!m_wheel.empty(), "the soak has nothing to run");
}

ScheduledSession SoakSchedule::session(uint64_t n) const {
  const uint64_t turn = n / m_wheel.size();
  ScheduledSession session;
  session.target = m_wheel[n % m_wheel.size()];
  session.mode = static_cast<RunMode>(turn % 3);
  session.binding = (turn / 3) % 2 == 0 ? InputBinding::SET_TENSOR : InputBinding::COPY_INTO;
  // Lengths spread over 1..16 and uncorrelated with the target (Knuth's multiplicative hash).
  session.inferences = 1 + static_cast<uint32_t>(((n * 2654435761u) >> 8) % kMaxInferencesPerRequest);
  return session;
}

}  // namespace ferry::tools
