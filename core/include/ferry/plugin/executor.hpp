#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ferry::threading {

using Task = std::function<void()>;

// Runs tasks. Implementations decide where: a pool of stream threads, the calling thread, ...
class ITaskExecutor {
 public:
  virtual ~ITaskExecutor() = default;
  virtual void run(Task task) = 0;
};

// Runs each task on the calling thread, before run() returns.
class ImmediateExecutor final : public ITaskExecutor {
 public:
  void run(Task task) override { task(); }
};

// A fixed set of streams, each one host thread, taking tasks from one FIFO queue. A plugin
// gives each stream its own device queue; "streams" share the compiled model's weights.
class CPUStreamsExecutor final : public ITaskExecutor {
 public:
  struct Config {
    std::string name = "ferry-streams";
    int streams = 1;
    // Added to each stream thread's niceness (Linux scheduling priority, -20..19; higher runs
    // less often): > 0 lowers the streams' priority, < 0 raises it, which needs CAP_SYS_NICE or
    // an RLIMIT_NICE that allows it. A refused change leaves the threads as they were and
    // priority_applied() reports it; it is not an error.
    int nice = 0;
    // The logical CPUs each stream's thread is pinned to (Linux CPU affinity), one set per
    // stream, or empty to leave every thread where the OS puts it. Threads a stream thread
    // starts (an OpenMP team) inherit its set. A set the OS refuses (a CPU outside the process's
    // own affinity) leaves that thread unpinned and pinning_applied() reports it.
    std::vector<std::vector<int>> stream_cpus;
  };
  explicit CPUStreamsExecutor(Config config);
  ~CPUStreamsExecutor() override;  // finishes queued tasks, then joins the threads
  CPUStreamsExecutor(const CPUStreamsExecutor&) = delete;
  CPUStreamsExecutor& operator=(const CPUStreamsExecutor&) = delete;

  void run(Task task) override;
  int get_streams_num() const;
  // Whether every stream thread runs at Config::nice (always true for nice == 0). Known once the
  // constructor returns: it waits until each thread has set its priority.
  bool priority_applied() const;
  // Whether every stream thread runs on its Config::stream_cpus set (always true when there are
  // none). Known once the constructor returns, like priority_applied().
  bool pinning_applied() const;
  // Index of the stream running the calling thread, or -1 outside this executor.
  int get_stream_id() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace ferry::threading
