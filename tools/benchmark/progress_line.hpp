#pragma once

// The one-line progress display of long benchmark runs: "[####......] 40% 1234 iterations 4.0 s",
// redrawn in place with '\r'. Throttled so a fast loop does not spend its time printing.

#include <chrono>
#include <cstdint>
#include <ostream>

namespace ferry::tools {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;
  // Minimum time between two redraws.
  static constexpr std::chrono::milliseconds kInterval{500};

  // Draws nothing when `enabled` is false (benchmark_app enables it when stderr is a terminal or
  // -progress is given).
  ProgressLine(std::ostream& out, bool enabled) : m_out(out), m_enabled(enabled) {}

  // fraction in [0, 1] of the run done; redraws when kInterval passed since the last redraw.
  // Returns true when it drew.
  bool update(double fraction, uint64_t iterations, double elapsed_s, Clock::time_point now = Clock::now());
  // Draws the final state and ends the line (only if something was drawn before).
  void finish(double fraction, uint64_t iterations, double elapsed_s);

 private:
  void draw(double fraction, uint64_t iterations, double elapsed_s);

  std::ostream& m_out;
  bool m_enabled;
  bool m_drawn = false;
  Clock::time_point m_last{};
};

}  // namespace ferry::tools
