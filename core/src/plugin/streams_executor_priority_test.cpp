// CPUStreamsExecutor::Config::nice: each stream thread's niceness, and the report of a refused
// raise (priority_applied()).
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mutex>
#include <vector>

#include "ferry/plugin/executor.hpp"

namespace ferry::threading {
namespace {

int thread_niceness() { return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid))); }

// The niceness each stream sees from inside one of its tasks; every stream must run one task,
// so each task waits until all have started (a stream holds its task until then).
std::vector<int> niceness_of_streams(CPUStreamsExecutor& executor) {
  const int streams = executor.get_streams_num();
  // Shared with the tasks: they may still be leaving their wait when this function returns.
  struct Seen {
    std::mutex mutex;
    std::condition_variable all_started;
    std::vector<int> niceness;
  };
  auto seen = std::make_shared<Seen>();
  for (int i = 0; i < streams; ++i) {
    executor.run([seen, streams] {
      std::unique_lock<std::mutex> lock(seen->mutex);
      seen->niceness.push_back(thread_niceness());
      seen->all_started.notify_all();
      seen->all_started.wait(lock, [&] { return static_cast<int>(seen->niceness.size()) == streams; });
    });
  }
  std::unique_lock<std::mutex> lock(seen->mutex);
  seen->all_started.wait(lock, [&] { return static_cast<int>(seen->niceness.size()) == streams; });
  return seen->niceness;
}

TEST(StreamsExecutorPriorityTest, DefaultKeepsTheCreatorsNiceness) {
  const int base = thread_niceness();
  CPUStreamsExecutor executor({"plain", 2});
  EXPECT_TRUE(executor.priority_applied());
  for (int nice : niceness_of_streams(executor)) EXPECT_EQ(nice, base);
}

TEST(StreamsExecutorPriorityTest, PositiveNiceLowersEveryStreamAndNotTheCaller) {
  const int base = thread_niceness();
  CPUStreamsExecutor executor({"low", 3, /*nice=*/7});
  // Lowering one's own priority needs no privilege: it is always applied.
  EXPECT_TRUE(executor.priority_applied());
  const auto seen = niceness_of_streams(executor);
  ASSERT_EQ(seen.size(), 3u);
  for (int nice : seen) EXPECT_EQ(nice, std::min(base + 7, 19));
  EXPECT_EQ(thread_niceness(), base);
}

TEST(StreamsExecutorPriorityTest, NegativeNiceIsAppliedOrReportedAsRefused) {
  const int base = thread_niceness();
  CPUStreamsExecutor executor({"high", 2, /*nice=*/-3});
  // Raising needs CAP_SYS_NICE or RLIMIT_NICE: whichever way it went, the report must be true.
  const int expected = executor.priority_applied() ? std::max(base - 3, -20) : base;
  for (int nice : niceness_of_streams(executor)) EXPECT_EQ(nice, expected);
}

// Drops CAP_SYS_NICE from the calling thread (threads it creates inherit its capabilities).
// Raw capget/capset: the process may run as root in a user namespace where setuid is refused.
bool drop_cap_sys_nice() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
  if (syscall(SYS_capget, &header, data) != 0) return false;
  const unsigned bit = 1u << CAP_SYS_NICE;  // CAP_SYS_NICE < 32: in data[0]
  data[0].effective &= ~bit;
  data[0].permitted &= ~bit;
  data[0].inheritable &= ~bit;
  return syscall(SYS_capset, &header, data) == 0;
}

// Without the privilege (no CAP_SYS_NICE; RLIMIT_NICE 0 forbids any raise), a raise is refused:
// reported, threads unchanged, and the executor still works.
void run_unprivileged_raise() {
  if (!drop_cap_sys_nice()) {
    std::cerr << "capset failed: " << errno;
    std::exit(2);
  }
  const rlimit no_raise{0, 0};
  if (setrlimit(RLIMIT_NICE, &no_raise) != 0) {
    std::cerr << "setrlimit(RLIMIT_NICE) failed: " << errno;
    std::exit(3);
  }
  const int base = thread_niceness();
  CPUStreamsExecutor executor({"refused", 2, /*nice=*/-4});
  if (executor.priority_applied()) {
    std::cerr << "a raise without privilege was reported as applied";
    std::exit(4);
  }
  for (int nice : niceness_of_streams(executor)) {
    if (nice != base) {
      std::cerr << "a refused raise changed a stream's niceness from " << base << " to " << nice;
      std::exit(5);
    }
  }
  std::exit(0);
}

TEST(StreamsExecutorPriorityTest, RaiseWithoutPrivilegeIsReportedNotApplied) {
  // "threadsafe" re-executes the test binary for the child: no fork of a process with threads.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(run_unprivileged_raise(), testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace ferry::threading
