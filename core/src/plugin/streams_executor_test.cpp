#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/executor.hpp"

namespace ferry::threading {
namespace {

// Blocks its callers until `count` of them arrived. Returns false (instead of hanging the test)
// when the others never come: that is the failure "tasks did not run in parallel".
class Barrier {
 public:
  explicit Barrier(int count) : m_count(count) {}
  bool arrive_and_wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    if (++m_arrived == m_count) m_all.notify_all();
    return m_all.wait_for(lock, std::chrono::seconds(20), [&] { return m_arrived >= m_count; });
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_all;
  int m_count;
  int m_arrived = 0;
};

TEST(StreamsExecutorTest, OneStreamRunsTasksInSubmissionOrder) {
  std::vector<int> order;  // touched only by the single stream, read after the join
  {
    CPUStreamsExecutor executor({"order", 1});
    for (int i = 0; i < 200; ++i) executor.run([&order, i] { order.push_back(i); });
  }  // the destructor drains the queue
  ASSERT_EQ(order.size(), 200u);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(order[i], i);
}

TEST(StreamsExecutorTest, StreamsRunTasksInParallel) {
  constexpr int kStreams = 4;
  CPUStreamsExecutor executor({"parallel", kStreams});
  EXPECT_EQ(executor.get_streams_num(), kStreams);
  // Every task waits for all the others: only possible when kStreams of them run at once.
  Barrier barrier(kStreams);
  std::mutex mutex;
  std::set<int> stream_ids;
  std::atomic<int> met{0};
  std::atomic<int> done{0};
  for (int i = 0; i < kStreams; ++i) {
    executor.run([&] {
      if (barrier.arrive_and_wait()) ++met;
      {
        std::lock_guard<std::mutex> lock(mutex);
        stream_ids.insert(executor.get_stream_id());
      }
      ++done;
    });
  }
  while (done.load() < kStreams) std::this_thread::yield();
  EXPECT_EQ(met.load(), kStreams);
  EXPECT_EQ(stream_ids, (std::set<int>{0, 1, 2, 3}));
}

TEST(StreamsExecutorTest, StreamIdIsMinusOneOutsideTheExecutor) {
  CPUStreamsExecutor first({"first", 1});
  CPUStreamsExecutor second({"second", 1});
  EXPECT_EQ(first.get_stream_id(), -1);
  std::atomic<int> own{-2};
  std::atomic<int> other{-2};
  std::atomic<bool> done{false};
  first.run([&] {
    own = first.get_stream_id();
    other = second.get_stream_id();  // a thread of `first` is not one of `second`'s streams
    done = true;
  });
  while (!done.load()) std::this_thread::yield();
  EXPECT_EQ(own.load(), 0);
  EXPECT_EQ(other.load(), -1);
}

TEST(StreamsExecutorTest, ThrowingTaskDoesNotStopTheStream) {
  std::vector<int> ran;
  {
    CPUStreamsExecutor executor({"throwing", 1});
    executor.run([&] { ran.push_back(1); });
    executor.run([] { throw std::runtime_error("task failure"); });
    executor.run([] { throw 42; });  // not even a std::exception
    executor.run([&] { ran.push_back(2); });
  }
  EXPECT_EQ(ran, (std::vector<int>{1, 2}));
}

TEST(StreamsExecutorTest, DestructorRunsTasksQueuedWhileDraining) {
  std::atomic<int> count{0};
  {
    CPUStreamsExecutor executor({"drain", 2});
    for (int i = 0; i < 50; ++i) {
      // Each task queues a follow-up; the destructor must run those too.
      executor.run([&] {
        ++count;
        executor.run([&] { ++count; });
      });
    }
  }
  EXPECT_EQ(count.load(), 100);
}

TEST(StreamsExecutorTest, TaskMayDestroyItsOwnExecutor) {
  auto executor = std::make_shared<CPUStreamsExecutor>(CPUStreamsExecutor::Config{"self", 2});
  std::mutex mutex;
  std::condition_variable cv;
  bool destroyed = false;
  auto* raw = executor.get();
  raw->run([&, keep = std::move(executor)]() mutable {
    keep.reset();  // the last reference: the executor is destroyed on one of its own streams
    std::lock_guard<std::mutex> lock(mutex);
    destroyed = true;
    cv.notify_all();
  });
  std::unique_lock<std::mutex> lock(mutex);
  EXPECT_TRUE(cv.wait_for(lock, std::chrono::seconds(20), [&] { return destroyed; }));
}

TEST(StreamsExecutorTest, RefusesZeroStreamsNamingTheExecutor) {
  try {
    CPUStreamsExecutor executor({"zero", 0});
    FAIL() << "expected ferry::Exception";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("'zero'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("got 0"), std::string::npos) << e.what();
  }
}

TEST(StreamsExecutorTest, ImmediateExecutorRunsOnTheCallingThread) {
  ImmediateExecutor executor;
  std::thread::id ran_on;
  executor.run([&] { ran_on = std::this_thread::get_id(); });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
}

}  // namespace
}  // namespace ferry::threading
