#include "progress_line.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace ferry::tools {

bool ProgressLine::update(double fraction, uint64_t iterations, double elapsed_s, Clock::time_point now) {
  if (!m_enabled) return false;
  if (m_drawn && now - m_last < kInterval) return false;
  m_last = now;
  draw(fraction, iterations, elapsed_s);
  return true;
}

void ProgressLine::finish(double fraction, uint64_t iterations, double elapsed_s) {
  if (!m_enabled || !m_drawn) return;
  draw(fraction, iterations, elapsed_s);
  m_out << "\n" << std::flush;
}

void ProgressLine::draw(double fraction, uint64_t iterations, double elapsed_s) {
  constexpr int kWidth = 30;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int filled = static_cast<int>(fraction * kWidth);
  char tail[96];
  std::snprintf(tail, sizeof tail, "] %3d%% %llu iterations %.1f s", static_cast<int>(fraction * 100),
                static_cast<unsigned long long>(iterations), elapsed_s);
  m_out << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << tail << std::flush;
  m_drawn = true;
}

}  // namespace ferry::tools
