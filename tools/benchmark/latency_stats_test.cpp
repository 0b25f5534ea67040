#include "latency_stats.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry::tools {
namespace {

TEST(LatencyStats, OddCountInAnyOrder) {
  // Sorted: 1 2 3 4 5. rank(p) = p/100 * 4.
  const LatencyStats stats = compute_latency_stats({5, 1, 4, 2, 3});
  EXPECT_EQ(stats.count, 5u);
  EXPECT_DOUBLE_EQ(stats.median_ms, 3.0);  // rank 2
  EXPECT_DOUBLE_EQ(stats.p90_ms, 4.6);     // rank 3.6: 4 + 0.6 * (5 - 4)
  EXPECT_DOUBLE_EQ(stats.p99_ms, 4.96);    // rank 3.96
  EXPECT_DOUBLE_EQ(stats.min_ms, 1.0);
  EXPECT_DOUBLE_EQ(stats.max_ms, 5.0);
  EXPECT_DOUBLE_EQ(stats.mean_ms, 3.0);
}

TEST(LatencyStats, EvenCountMedianIsMeanOfMiddleTwo) {
  // Sorted: 10 20 30 40. rank(50) = 1.5 -> 25; rank(90) = 2.7 -> 30 + 0.7*10 = 37.
  const LatencyStats stats = compute_latency_stats({40, 10, 30, 20});
  EXPECT_DOUBLE_EQ(stats.median_ms, 25.0);
  EXPECT_DOUBLE_EQ(stats.p90_ms, 37.0);
  EXPECT_DOUBLE_EQ(stats.p99_ms, 39.7);  // rank 2.97
  EXPECT_DOUBLE_EQ(stats.mean_ms, 25.0);
}

TEST(LatencyStats, HundredValues) {
  // 1..100: rank(p) = p * 0.99, value = 1 + rank.
  std::vector<double> values;
  for (int i = 100; i >= 1; --i) values.push_back(i);
  const LatencyStats stats = compute_latency_stats(values);
  EXPECT_DOUBLE_EQ(stats.median_ms, 50.5);
  EXPECT_DOUBLE_EQ(stats.p90_ms, 90.1);
  EXPECT_DOUBLE_EQ(stats.p99_ms, 99.01);
  EXPECT_DOUBLE_EQ(stats.min_ms, 1);
  EXPECT_DOUBLE_EQ(stats.max_ms, 100);
  EXPECT_DOUBLE_EQ(stats.mean_ms, 50.5);
}

TEST(LatencyStats, OneValueIsEveryStatistic) {
  const LatencyStats stats = compute_latency_stats({7.25});
  EXPECT_EQ(stats.count, 1u);
  for (double value : {stats.median_ms, stats.p90_ms, stats.p99_ms, stats.min_ms, stats.max_ms, stats.mean_ms})
    EXPECT_DOUBLE_EQ(value, 7.25);
}

TEST(LatencyStats, EmptyIsAllZero) {
  const LatencyStats stats = compute_latency_stats({});
  EXPECT_EQ(stats.count, 0u);
  EXPECT_EQ(stats.median_ms, 0);
  EXPECT_EQ(stats.max_ms, 0);
}

TEST(LatencyStats, PercentileEdgesAndErrors) {
  const std::vector<double> sorted = {1, 2, 4};
  EXPECT_DOUBLE_EQ(percentile_of_sorted(sorted, 0), 1);
  EXPECT_DOUBLE_EQ(percentile_of_sorted(sorted, 100), 4);
  EXPECT_DOUBLE_EQ(percentile_of_sorted(sorted, 75), 3);  // rank 1.5
  EXPECT_THROW(percentile_of_sorted({}, 50), Exception);
  EXPECT_THROW(percentile_of_sorted(sorted, 101), Exception);
  EXPECT_THROW(percentile_of_sorted(sorted, -1), Exception);
}

}  // namespace
}  // namespace ferry::tools
