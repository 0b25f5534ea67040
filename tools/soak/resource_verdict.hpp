#pragma once

// Whether resident memory and open descriptors stayed flat after warm-up. The verdict reads
// samples taken at quiet points (every thread joined, every request destroyed), so what a
// request holds while it runs is never mistaken for growth.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ferry::tools {

struct ResourceSample {
  std::string label;        // "start", "warm-up", "round 3"
  uint64_t inferences = 0;  // done when sampled
  double seconds = 0;       // since the soak started
  uint64_t rss_kib = 0;
  size_t open_fds = 0;
};

// RSS may grow after warm-up by at most the smaller of the two (allocator caches and arenas
// settle; a leak of a few bytes per inference over a long soak does not fit). Descriptors may
// not grow at all.
struct ResourceBounds {
  double rss_growth_mib = 16;
  double rss_growth_percent = 10;
};

struct ResourceVerdict {
  bool rss_ok = true;
  bool fds_ok = true;
  int64_t rss_growth_kib = 0;  // the largest quiet sample after warm-up minus the warm-up sample
  int64_t rss_limit_kib = 0;
  int64_t fd_growth = 0;  // the last quiet sample minus the warm-up sample (0 if fewer), in descriptors
  std::string failure;    // one line per broken bound; empty when both hold
  bool ok() const { return rss_ok && fds_ok; }
};

// `quiet` holds the quiet samples in order; quiet[warm_up_index] is the one after warm-up.
ResourceVerdict judge_resources(const std::vector<ResourceSample>& quiet, size_t warm_up_index,
                                const ResourceBounds& bounds);

}  // namespace ferry::tools
