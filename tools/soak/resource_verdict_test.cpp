#include "resource_verdict.hpp"

#include <gtest/gtest.h>

#include "process_resources.hpp"

namespace ferry::tools {
namespace {

std::vector<ResourceSample> series(const std::vector<std::pair<uint64_t, size_t>>& rss_kib_and_fds) {
  std::vector<ResourceSample> samples;
  for (const auto& [rss, fds] : rss_kib_and_fds) samples.push_back({"s", 0, 0, rss, fds});
  return samples;
}

TEST(ResourceVerdict, GrowthBeforeWarmUpIsAllowed) {
  const auto verdict = judge_resources(series({{1000, 5}, {100000, 40}, {100500, 40}, {99000, 38}}), 1, {});
  EXPECT_TRUE(verdict.ok()) << verdict.failure;
  EXPECT_EQ(verdict.rss_growth_kib, 500);
  EXPECT_EQ(verdict.fd_growth, 0);
}

TEST(ResourceVerdict, RssBoundIsTheSmallerOfMibAndPercent) {
  // 10% of 400 MiB is 40 MiB: the 16 MiB bound applies.
  const auto big = judge_resources(series({{409600, 10}, {409600 + 17 * 1024, 10}}), 0, {});
  EXPECT_FALSE(big.rss_ok);
  EXPECT_EQ(big.rss_limit_kib, 16 * 1024);
  EXPECT_NE(big.failure.find("RSS grew by 17408 KiB"), std::string::npos) << big.failure;
  // 10% of 50 MiB is 5 MiB: the percentage applies.
  const auto small = judge_resources(series({{51200, 10}, {51200 + 6 * 1024, 10}}), 0, {});
  EXPECT_FALSE(small.rss_ok);
  EXPECT_EQ(small.rss_limit_kib, 5120);
}

TEST(ResourceVerdict, DescriptorsStillOpenAtTheEndFail) {
  // One open at a quiet point and closed by the next is not a leak.
  EXPECT_TRUE(judge_resources(series({{1000, 10}, {1000, 11}, {1000, 10}}), 0, {}).fds_ok);
  const auto verdict = judge_resources(series({{1000, 10}, {1000, 10}, {1000, 11}}), 0, {});
  EXPECT_FALSE(verdict.fds_ok);
  EXPECT_TRUE(verdict.rss_ok);
  EXPECT_EQ(verdict.fd_growth, 1);
  EXPECT_NE(verdict.failure.find("open file descriptors grew by 1"), std::string::npos) << verdict.failure;
}

TEST(ProcessResources, ReadsVmRss) {
  EXPECT_EQ(vm_rss_kib_of("Name:\tx\nVmHWM:\t  999 kB\nVmRSS:\t  123456 kB\n"), 123456u);
  EXPECT_EQ(vm_rss_kib_of("Name:\tx\n"), 0u);
  EXPECT_GT(resident_kib(), 0u);
  EXPECT_GE(open_fd_count(), 3u);  // stdin, stdout, stderr
}

}  // namespace
}  // namespace ferry::tools
