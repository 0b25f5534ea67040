#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <exception>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/executor.hpp"

namespace ferry::threading {
namespace {

// What the stream threads share. Owned jointly by the executor and its threads, so a thread that
// outlives the executor (the executor destroyed by one of its own tasks) still has its queue.
struct Queue {
  std::string name;
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<Task> tasks;
  bool stopping = false;
};

// Identifies the executor and stream of the calling thread (get_stream_id).
thread_local const Queue* t_queue = nullptr;
thread_local int t_stream_id = -1;

void report_task_exception(const Queue& queue, int stream, std::exception_ptr error) {
  std::string what = "unknown exception";
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  std::cerr << "ferry: a task on executor '" << queue.name << "' stream " << stream
            << " threw (the stream keeps running): " << what << std::endl;
}

// The constructor waits on this until every stream thread has tried its priority change, so
// priority_applied() is settled before the first task runs.
struct StartLatch {
  std::mutex mutex;
  std::condition_variable done;
  int started = 0;
  bool all_applied = true;
  bool all_pinned = true;
};

// On Linux, PRIO_PROCESS with a thread id changes that one thread's niceness, not the process's.
bool add_to_thread_niceness(int nice) {
  if (nice == 0) return true;
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  errno = 0;
  const int current = getpriority(PRIO_PROCESS, tid);
  if (current == -1 && errno != 0) return false;
  const int wanted = std::clamp(current + nice, -20, 19);
  return setpriority(PRIO_PROCESS, tid, wanted) == 0;
}

// Pins the calling thread to `cpus` (none: leaves it as it is).
bool pin_thread(const std::vector<int>& cpus) {
  if (cpus.empty()) return true;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return false;
    CPU_SET(cpu, &set);
  }
  return pthread_setaffinity_np(pthread_self(), sizeof(set), &set) == 0;
}

void stream_loop(std::shared_ptr<Queue> queue, int stream, int nice, std::vector<int> cpus, StartLatch* latch) {
  t_queue = queue.get();
  t_stream_id = stream;
  // Linux limits thread names to 15 characters; the tail (stream index) is the useful part.
  std::string thread_name = queue->name + "-" + std::to_string(stream);
  if (thread_name.size() > 15) thread_name = thread_name.substr(thread_name.size() - 15);
  pthread_setname_np(pthread_self(), thread_name.c_str());
  const bool applied = add_to_thread_niceness(nice);
  const bool pinned = pin_thread(cpus);
  {
    std::lock_guard<std::mutex> lock(latch->mutex);
    ++latch->started;
    latch->all_applied = latch->all_applied && applied;
    latch->all_pinned = latch->all_pinned && pinned;
    // Under the lock: the latch is the constructor's local and may be gone once it is released.
    latch->done.notify_all();
  }

  for (;;) {
    Task task;
    {
      std::unique_lock<std::mutex> lock(queue->mutex);
      queue->wake.wait(lock, [&] { return queue->stopping || !queue->tasks.empty(); });
      if (queue->tasks.empty()) break;  // stopping, and everything queued has run
      task = std::move(queue->tasks.front());
      queue->tasks.pop_front();
    }
    try {
      task();
    } catch (...) {
      report_task_exception(*queue, stream, std::current_exception());
    }
  }
  t_queue = nullptr;
  t_stream_id = -1;
}

}  // namespace

struct CPUStreamsExecutor::Impl {
  std::shared_ptr<Queue> queue = std::make_shared<Queue>();
  std::vector<std::thread> threads;
  bool priority_applied = true;
  bool pinning_applied = true;
};

CPUStreamsExecutor::CPUStreamsExecutor(Config config) : m_impl(std::make_unique<Impl>()) {
  FERRY_ASSERT(config.streams >= 1, "CPUStreamsExecutor '", config.name, "': streams must be >= 1, got ",
               config.streams);
  FERRY_ASSERT(config.stream_cpus.empty() || static_cast<int>(config.stream_cpus.size()) == config.streams,
               "CPUStreamsExecutor '", config.name, "': stream_cpus has ", config.stream_cpus.size(), " sets for ",
               config.streams, " streams");
  m_impl->queue->name = config.name;
  m_impl->threads.reserve(config.streams);
  StartLatch latch;
  for (int stream = 0; stream < config.streams; ++stream) {
    std::vector<int> cpus = config.stream_cpus.empty() ? std::vector<int>{} : config.stream_cpus[stream];
    m_impl->threads.emplace_back(stream_loop, m_impl->queue, stream, config.nice, std::move(cpus), &latch);
  }
  std::unique_lock<std::mutex> lock(latch.mutex);
  latch.done.wait(lock, [&] { return latch.started == config.streams; });
  m_impl->priority_applied = latch.all_applied;
  m_impl->pinning_applied = latch.all_pinned;
}

CPUStreamsExecutor::~CPUStreamsExecutor() {
  {
    std::lock_guard<std::mutex> lock(m_impl->queue->mutex);
    m_impl->queue->stopping = true;
  }
  m_impl->queue->wake.notify_all();
  for (auto& thread : m_impl->threads) {
    // A task that drops the last reference to its own executor: that stream cannot join itself,
    // so it finishes its loop detached (it holds the queue).
    if (thread.get_id() == std::this_thread::get_id()) {
      thread.detach();
    } else {
      thread.join();
    }
  }
}

void CPUStreamsExecutor::run(Task task) {
  // A local reference: once queued, the task may destroy this executor before run() returns.
  const std::shared_ptr<Queue> queue = m_impl->queue;
  FERRY_ASSERT(task, "CPUStreamsExecutor '", queue->name, "': run() got an empty task");
  {
    std::lock_guard<std::mutex> lock(queue->mutex);
    queue->tasks.push_back(std::move(task));
  }
  queue->wake.notify_one();
}

int CPUStreamsExecutor::get_streams_num() const { return static_cast<int>(m_impl->threads.size()); }

bool CPUStreamsExecutor::priority_applied() const { return m_impl->priority_applied; }

bool CPUStreamsExecutor::pinning_applied() const { return m_impl->pinning_applied; }

int CPUStreamsExecutor::get_stream_id() const { return t_queue == m_impl->queue.get() ? t_stream_id : -1; }

}  // namespace ferry::threading
