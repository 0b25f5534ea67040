#include "thread_count.hpp"

// libgomp's API (Debian's oneDNN runs on it), declared here: clang, which the sanitizer builds
// use, ships no omp.h of its own.
extern "C" {
int omp_get_max_threads(void);
void omp_set_num_threads(int threads);
}

namespace ferry::npu::engine {

int onednn_threads() { return omp_get_max_threads(); }

ScopedThreadCount::ScopedThreadCount(int threads) : previous_(omp_get_max_threads()) {
  if (threads != previous_) omp_set_num_threads(threads);
}

ScopedThreadCount::~ScopedThreadCount() {
  if (omp_get_max_threads() != previous_) omp_set_num_threads(previous_);
}

}  // namespace ferry::npu::engine
