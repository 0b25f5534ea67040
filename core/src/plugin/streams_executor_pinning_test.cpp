// CPUStreamsExecutor::Config::stream_cpus: each stream thread's CPU affinity, inherited by the
// threads it starts, and the report of a set the OS refuses (pinning_applied()).
#include <gtest/gtest.h>
#include <sched.h>

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/executor.hpp"

namespace ferry::threading {
namespace {

std::vector<int> affinity_of_calling_thread() {
  cpu_set_t set;
  CPU_ZERO(&set);
  EXPECT_EQ(sched_getaffinity(0, sizeof(set), &set), 0);
  std::vector<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

// What one stream's task saw: its own affinity and that of a thread it started.
struct StreamView {
  std::vector<int> stream_thread;
  std::vector<int> started_thread;
};

// Runs one task on every stream (each task waits until all have started, so no stream takes
// two) and returns what each stream saw, by stream id.
std::map<int, StreamView> affinity_of_streams(CPUStreamsExecutor& executor) {
  const int streams = executor.get_streams_num();
  struct Seen {
    std::mutex mutex;
    std::condition_variable all_started;
    std::map<int, StreamView> views;
  };
  auto seen = std::make_shared<Seen>();
  for (int i = 0; i < streams; ++i) {
    executor.run([seen, streams, &executor] {
      StreamView view;
      view.stream_thread = affinity_of_calling_thread();
      std::thread child([&view] { view.started_thread = affinity_of_calling_thread(); });
      child.join();
      std::unique_lock<std::mutex> lock(seen->mutex);
      seen->views[executor.get_stream_id()] = view;
      seen->all_started.notify_all();
      seen->all_started.wait(lock, [&] { return static_cast<int>(seen->views.size()) == streams; });
    });
  }
  std::unique_lock<std::mutex> lock(seen->mutex);
  seen->all_started.wait(lock, [&] { return static_cast<int>(seen->views.size()) == streams; });
  return seen->views;
}

TEST(StreamsExecutorPinningTest, EachStreamRunsOnItsOwnSetAndItsThreadsInheritIt) {
  const std::vector<int> allowed = affinity_of_calling_thread();
  ASSERT_FALSE(allowed.empty());
  // Stream i on one CPU of the process's own, in turn (a one-CPU host pins both to it).
  const std::vector<std::vector<int>> sets = {{allowed[0]}, {allowed[1 % allowed.size()]}};
  CPUStreamsExecutor executor({"pinned", 2, 0, sets});
  EXPECT_TRUE(executor.pinning_applied());
  const auto views = affinity_of_streams(executor);
  ASSERT_EQ(views.size(), 2u);
  for (const auto& [stream, view] : views) {
    EXPECT_EQ(view.stream_thread, sets.at(stream)) << "stream " << stream;
    EXPECT_EQ(view.started_thread, sets.at(stream)) << "a thread started by stream " << stream;
  }
  // The thread that made the executor keeps its own affinity.
  EXPECT_EQ(affinity_of_calling_thread(), allowed);
}

TEST(StreamsExecutorPinningTest, NoSetsLeaveTheStreamsOnTheProcesssCpus) {
  const std::vector<int> allowed = affinity_of_calling_thread();
  CPUStreamsExecutor executor({"free", 2});
  EXPECT_TRUE(executor.pinning_applied());
  for (const auto& [stream, view] : affinity_of_streams(executor)) EXPECT_EQ(view.stream_thread, allowed);
}

TEST(StreamsExecutorPinningTest, ARefusedSetIsReportedAndTheStreamStillRuns) {
  const std::vector<int> allowed = affinity_of_calling_thread();
  // -1 is no CPU at all: the executor refuses the set itself, as the OS would a CPU outside the
  // process's affinity.
  CPUStreamsExecutor executor({"refused", 1, 0, {{-1}}});
  EXPECT_FALSE(executor.pinning_applied());
  const auto views = affinity_of_streams(executor);
  ASSERT_EQ(views.size(), 1u);
  EXPECT_EQ(views.begin()->second.stream_thread, allowed);
}

TEST(StreamsExecutorPinningTest, ACountOfSetsOtherThanTheStreamsIsRefusedNamingBoth) {
  try {
    CPUStreamsExecutor executor({"mismatch", 3, 0, {{0}, {0}}});
    FAIL() << "three streams with two CPU sets were accepted";
  } catch (const Exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'mismatch'"), std::string::npos) << what;
    EXPECT_NE(what.find("2 sets for 3 streams"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace ferry::threading
