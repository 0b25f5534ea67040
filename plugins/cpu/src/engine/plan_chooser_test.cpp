// PlanChooser with latencies given by the test: each plan tried once, then the fastest, another
// every kExploreEvery-th choice, and a switch when the load changes which plan is faster.
#include "plugins/cpu/src/engine/plan_chooser.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace ferry::cpu::engine {
namespace {

// Runs `count` choices, each "taking" `ms_of[plan]`; returns the plans chosen.
std::vector<size_t> run(PlanChooser& chooser, const std::vector<double>& ms_of, size_t count) {
  std::vector<size_t> chosen;
  for (size_t i = 0; i < count; ++i) {
    chosen.push_back(chooser.choose());
    chooser.record(chosen.back(), ms_of.at(chosen.back()));
  }
  return chosen;
}

TEST(PlanChooserTest, TriesEachPlanOnceThenRunsTheFastest) {
  PlanChooser chooser(2);
  const auto chosen = run(chooser, {10.0, 4.0}, PlanChooser::kExploreEvery - 1);
  EXPECT_EQ(0u, chosen[0]);
  EXPECT_EQ(1u, chosen[1]);
  for (size_t i = 2; i < chosen.size(); ++i) EXPECT_EQ(1u, chosen[i]) << i;
}

TEST(PlanChooserTest, ExploresTheOtherPlanNowAndThen) {
  PlanChooser chooser(2);
  const auto chosen = run(chooser, {4.0, 10.0}, 4 * PlanChooser::kExploreEvery);
  size_t other = 0;
  for (size_t i = 2; i < chosen.size(); ++i) other += chosen[i] == 1;
  EXPECT_EQ(4u, other) << "one execution in " << PlanChooser::kExploreEvery;
}

TEST(PlanChooserTest, FollowsAChangeOfLoad) {
  PlanChooser chooser(2);
  run(chooser, {4.0, 10.0}, 20);  // all cores faster: a quiet host
  // Other processes take the cores: all cores now 40 ms. Within a few executions plan 1 wins.
  const auto chosen = run(chooser, {40.0, 10.0}, 2 * PlanChooser::kExploreEvery);
  EXPECT_EQ(1u, chosen.back());
  EXPECT_EQ(1u, chosen[chosen.size() - 2]);
}

TEST(PlanChooserTest, OnePlanIsAlwaysChosen) {
  PlanChooser chooser(1);
  for (size_t plan : run(chooser, {5.0}, 3 * PlanChooser::kExploreEvery)) EXPECT_EQ(0u, plan);
}

}  // namespace
}  // namespace ferry::cpu::engine
