#include "soak_schedule.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace ferry::tools {
namespace {

TEST(SoakSchedule, TargetsTakeTurnsByWeight) {
  const SoakSchedule schedule({4, 1, 2});
  std::map<size_t, int> requests;
  for (uint64_t n = 0; n < 7000; ++n) ++requests[schedule.session(n).target];
  EXPECT_EQ(requests[0], 4000);
  EXPECT_EQ(requests[1], 1000);
  EXPECT_EQ(requests[2], 2000);
}

TEST(SoakSchedule, EveryTargetMeetsEveryModeBindingAndLength) {
  const SoakSchedule schedule({4, 1, 2});
  std::map<size_t, std::set<int>> modes, bindings;
  std::map<size_t, std::set<uint32_t>> lengths;
  for (uint64_t n = 0; n < 7000; ++n) {
    const ScheduledSession session = schedule.session(n);
    modes[session.target].insert(static_cast<int>(session.mode));
    bindings[session.target].insert(static_cast<int>(session.binding));
    lengths[session.target].insert(session.inferences);
    EXPECT_GE(session.inferences, 1u);
    EXPECT_LE(session.inferences, SoakSchedule::kMaxInferencesPerRequest);
  }
  for (size_t target = 0; target < 3; ++target) {
    EXPECT_EQ(modes[target].size(), 3u) << target;
    EXPECT_EQ(bindings[target].size(), 2u) << target;
    EXPECT_EQ(lengths[target].size(), SoakSchedule::kMaxInferencesPerRequest) << target;
  }
}

}  // namespace
}  // namespace ferry::tools
