#include "resource_verdict.hpp"

#include <algorithm>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry::tools {

ResourceVerdict judge_resources(const std::vector<ResourceSample>& quiet, size_t warm_up_index,
                                const ResourceBounds& bounds) {
  FERRY_ASSERT(warm_up_index < quiet.size(), "no sample after warm-up");
  const ResourceSample& base = quiet[warm_up_index];
  ResourceVerdict verdict;
  verdict.rss_limit_kib = static_cast<int64_t>(
      std::min(bounds.rss_growth_mib * 1024.0, bounds.rss_growth_percent / 100.0 * static_cast<double>(base.rss_kib)));
  std::ostringstream failure;
  for (size_t i = warm_up_index + 1; i < quiet.size(); ++i) {
    verdict.rss_growth_kib =
        std::max(verdict.rss_growth_kib, static_cast<int64_t>(quiet[i].rss_kib) - static_cast<int64_t>(base.rss_kib));
  }
  // Descriptors: a leak stays, so the last quiet point counts. A descriptor open at one quiet point
  // and gone at the next is work a library finished on a thread of its own (PoCL writing its
  // kernel cache after a build; seen once in CI: 4 for 3 at one point, 3 after).
  if (warm_up_index + 1 < quiet.size())
    verdict.fd_growth =
        std::max<int64_t>(0, static_cast<int64_t>(quiet.back().open_fds) - static_cast<int64_t>(base.open_fds));
  if (verdict.rss_growth_kib > verdict.rss_limit_kib) {
    verdict.rss_ok = false;
    failure << "RSS grew by " << verdict.rss_growth_kib << " KiB after warm-up (" << base.rss_kib
            << " KiB), more than the bound of " << verdict.rss_limit_kib << " KiB (min of " << bounds.rss_growth_mib
            << " MiB and " << bounds.rss_growth_percent << "%)\n";
  }
  if (verdict.fd_growth > 0) {
    verdict.fds_ok = false;
    failure << "open file descriptors grew by " << verdict.fd_growth << " after warm-up (" << base.open_fds << ")\n";
  }
  verdict.failure = failure.str();
  return verdict;
}

}  // namespace ferry::tools
