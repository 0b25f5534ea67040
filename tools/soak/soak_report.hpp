#pragma once

// The soak's results: what ran where, how fast, the RSS and descriptor series, and the verdict;
// as text for the terminal and as JSON for --report.

#include <ostream>
#include <string>
#include <vector>

#include "resource_verdict.hpp"
#include "soak_session.hpp"

namespace ferry::tools {

struct TargetResult {
  std::string device;
  std::string model;
  double compile_ms = 0;
  SessionTally tally;
};

struct SoakResult {
  uint64_t inferences_asked = 0;
  uint32_t threads = 0;
  std::vector<std::string> skipped_devices;  // "NPU (not available)"
  std::vector<TargetResult> targets;
  double wall_s = 0;  // warm-up and rounds, compiling excluded
  double tolerance_abs = 0;
  double tolerance_rel = 0;
  std::string injection;  // "none"
  std::vector<ResourceSample> quiet_samples;
  size_t warm_up_index = 0;
  uint64_t busy_max_rss_kib = 0;  // sampled while requests ran
  size_t busy_max_fds = 0;
  ResourceBounds bounds;
  ResourceVerdict verdict;

  uint64_t inferences_run() const;
  uint64_t mismatched_outputs() const;
  uint64_t errors() const;
  bool passed() const;
};

void print_summary(std::ostream& out, const SoakResult& result);
void write_json(std::ostream& out, const SoakResult& result);

}  // namespace ferry::tools
