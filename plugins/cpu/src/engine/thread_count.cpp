#include "thread_count.hpp"

// libgomp's API (Debian's oneDNN runs on it), declared here: clang, which the sanitizer builds
// use, ships no omp.h of its own.
extern "C" {
int omp_get_max_threads(void);
void omp_set_num_threads(int threads);
}

namespace ferry::cpu::engine {

int onednn_threads() { return omp_get_max_threads(); }

ScopedThreadCount::ScopedThreadCount(int threads) : m_previous(omp_get_max_threads()) {
  if (threads != m_previous) omp_set_num_threads(threads);
}

ScopedThreadCount::~ScopedThreadCount() {
  if (omp_get_max_threads() != m_previous) omp_set_num_threads(m_previous);
}

}  // namespace ferry::cpu::engine
