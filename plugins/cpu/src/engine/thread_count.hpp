#pragma once

namespace ferry::cpu::engine {

// The threads oneDNN's OpenMP runtime uses: as many as the host has cores unless OMP_NUM_THREADS says otherwise.
int onednn_threads();

// Sets the calling thread's OpenMP thread count for a scope. oneDNN sizes a primitive for the
// count of the thread that creates it, and it must run under the same count.
class ScopedThreadCount {
 public:
  explicit ScopedThreadCount(int threads);
  ~ScopedThreadCount();
  ScopedThreadCount(const ScopedThreadCount&) = delete;
  ScopedThreadCount& operator=(const ScopedThreadCount&) = delete;

 private:
  int m_previous;
};

}  // namespace ferry::cpu::engine
