#include "benchmark_loop.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>

namespace ferry::tools {
namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// What the completion callbacks share with the main thread. Held by shared_ptr so a callback that
// is still returning when run_async ends never touches a dead stack frame.
struct AsyncState {
  std::mutex mutex;
  std::condition_variable idle_changed;
  std::deque<size_t> idle;                 // requests ready to start
  std::vector<Clock::time_point> started;  // per request
  std::vector<double> latencies_ms;
  std::exception_ptr error;
};

}  // namespace

RunMeasurements run_sync(InferRequest& request, const StopCondition& stop, ProgressLine& progress) {
  RunMeasurements result;
  const Clock::time_point start = Clock::now();
  Clock::time_point now = start;
  while (!stop.reached(result.latencies_ms.size(), ms_between(start, now) / 1000.0)) {
    const Clock::time_point before = Clock::now();
    request.infer();
    now = Clock::now();
    result.latencies_ms.push_back(ms_between(before, now));
    const double elapsed_s = ms_between(start, now) / 1000.0;
    progress.update(stop.fraction(result.latencies_ms.size(), elapsed_s), result.latencies_ms.size(), elapsed_s);
  }
  result.duration_ms = ms_between(start, now);
  progress.finish(stop.fraction(result.latencies_ms.size(), result.duration_ms / 1000.0), result.latencies_ms.size(),
                  result.duration_ms / 1000.0);
  return result;
}

RunMeasurements run_async(std::vector<InferRequest>& requests, const StopCondition& stop, ProgressLine& progress) {
  auto state = std::make_shared<AsyncState>();
  state->started.resize(requests.size());
  for (size_t i = 0; i < requests.size(); ++i) {
    state->idle.push_back(i);
    requests[i].set_callback([state, i](std::exception_ptr error) {
      const Clock::time_point end = Clock::now();
      std::lock_guard<std::mutex> lock(state->mutex);
      if (error) {
        if (!state->error) state->error = error;
      } else {
        state->latencies_ms.push_back(ms_between(state->started[i], end));
      }
      state->idle.push_back(i);
      state->idle_changed.notify_all();
    });
  }

  const Clock::time_point start = Clock::now();
  uint64_t launched = 0;
  std::unique_lock<std::mutex> lock(state->mutex);
  while (!state->error) {
    const Clock::time_point now = Clock::now();
    const double elapsed_s = ms_between(start, now) / 1000.0;
    progress.update(stop.fraction(state->latencies_ms.size(), elapsed_s), state->latencies_ms.size(), elapsed_s);
    if (stop.reached(launched, elapsed_s)) break;
    if (state->idle.empty()) {
      // Wakes up now and then even without completions, so a time limit and the progress line
      // keep being checked.
      state->idle_changed.wait_for(lock, std::chrono::milliseconds(100));
      continue;
    }
    const size_t index = state->idle.front();
    state->idle.pop_front();
    state->started[index] = Clock::now();
    lock.unlock();
    try {
      requests[index].start_async();
    } catch (...) {
      lock.lock();
      if (!state->error) state->error = std::current_exception();
      state->idle.push_back(index);
      break;
    }
    ++launched;
    lock.lock();
  }
  state->idle_changed.wait(lock, [&] { return state->idle.size() == requests.size(); });
  RunMeasurements result;
  result.duration_ms = ms_between(start, Clock::now());
  result.latencies_ms = state->latencies_ms;
  const std::exception_ptr error = state->error;
  lock.unlock();
  progress.finish(stop.fraction(result.latencies_ms.size(), result.duration_ms / 1000.0), result.latencies_ms.size(),
                  result.duration_ms / 1000.0);
  if (error) std::rethrow_exception(error);
  return result;
}

}  // namespace ferry::tools
