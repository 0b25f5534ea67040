#include "memory_plan.hpp"

#include <gtest/gtest.h>

namespace ferry::gpu {
namespace {

// True when two values share a buffer while both are alive.
bool overlap_shares(const std::vector<Lifetime>& values, const MemoryPlan& plan) {
  for (size_t a = 0; a < values.size(); ++a)
    for (size_t b = a + 1; b < values.size(); ++b) {
      const bool disjoint = values[a].last < values[b].first || values[b].last < values[a].first;
      if (!disjoint && plan.buffer_of(a) == plan.buffer_of(b)) return true;
    }
  return false;
}

TEST(MemoryPlan, AChainReusesTwoBuffers) {
  // v0 -> v1 -> v2 -> v3: each value is read only by the next step.
  const std::vector<Lifetime> values = {{100, 0, 1}, {100, 1, 2}, {100, 2, 3}, {100, 3, 4}};
  const MemoryPlan plan(values);
  EXPECT_EQ(plan.buffer_sizes().size(), 2u);
  EXPECT_EQ(plan.total_bytes(), 200u);
  EXPECT_FALSE(overlap_shares(values, plan));
  EXPECT_EQ(plan.buffer_of(0), plan.buffer_of(2));
  EXPECT_EQ(plan.buffer_of(1), plan.buffer_of(3));
}

TEST(MemoryPlan, ValuesAliveTogetherNeverShare) {
  // A skip connection: v0 is read by step 3, so it overlaps everything in between.
  const std::vector<Lifetime> values = {{64, 0, 3}, {32, 1, 2}, {32, 2, 3}, {64, 3, 4}};
  const MemoryPlan plan(values);
  EXPECT_FALSE(overlap_shares(values, plan));
  EXPECT_EQ(plan.buffer_sizes().size(), 3u);
}

TEST(MemoryPlan, ABufferGrowsToItsLargestValue) {
  const std::vector<Lifetime> values = {{10, 0, 1}, {20, 1, 2}, {500, 2, 3}};
  const MemoryPlan plan(values);
  EXPECT_FALSE(overlap_shares(values, plan));
  EXPECT_EQ(plan.buffer_of(0), plan.buffer_of(2));
  EXPECT_EQ(plan.buffer_sizes()[plan.buffer_of(2)], 500u);
  EXPECT_EQ(plan.total_bytes(), 520u);
}

TEST(MemoryPlan, PrefersTheClosestFittingFreeBuffer) {
  // At step 4 buffers of 1000 and 100 bytes are free; a 90-byte value takes the 100-byte one.
  const std::vector<Lifetime> values = {{1000, 0, 2}, {100, 1, 3}, {90, 4, 5}};
  const MemoryPlan plan(values);
  EXPECT_EQ(plan.buffer_of(2), plan.buffer_of(1));
  EXPECT_EQ(plan.total_bytes(), 1100u);
}

TEST(MemoryPlan, EmptyPlan) {
  const MemoryPlan plan(std::vector<Lifetime>{});
  EXPECT_TRUE(plan.buffer_sizes().empty());
  EXPECT_EQ(plan.total_bytes(), 0u);
}

TEST(MemoryPlan, RandomLifetimesNeverOverlapInOneBuffer) {
  std::vector<Lifetime> values;
  unsigned state = 7;
  const auto next = [&] { return state = state * 1103515245u + 12345u, (state >> 16) % 20; };
  for (size_t i = 0; i < 60; ++i) {
    const size_t first = next();
    values.push_back({(next() + 1) * 16, first, first + next() % 6});
  }
  const MemoryPlan plan(values);
  EXPECT_FALSE(overlap_shares(values, plan));
  size_t sum = 0;
  for (const auto& value : values) sum += value.bytes;
  EXPECT_LT(plan.total_bytes(), sum);
}

}  // namespace
}  // namespace ferry::gpu
