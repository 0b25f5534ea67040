#pragma once

// What the runner reports: the per-category summary (console and Markdown), report.md with the
// op x element-type matrix and every test that did not pass, and report.xml (JUnit).

#include <map>
#include <string>
#include <vector>

#include "runner_outcome.hpp"

namespace ferry::conformance::runner {

struct CategoryCounts {
  int passed = 0, failed = 0, skipped = 0, unsupported = 0, crashed = 0, timed_out = 0;
  int total() const { return passed + failed + skipped + unsupported + crashed + timed_out; }
  // passed / (total - skipped - unsupported), in percent; negative when nothing ran.
  int pass_rate() const;
  void add(Status status);
};

// Category -> counts, plus "total" over all of them (see category_of).
std::map<std::string, CategoryCounts> count_by_category(const std::vector<Outcome>& outcomes);
CategoryCounts count_all(const std::vector<Outcome>& outcomes);

// The Markdown summary table, one row per category and a total row.
std::string summary_table(const std::vector<Outcome>& outcomes);
// The skip reasons per category, each with how many tests it skipped ("- Remote: 5 x reason").
std::string skip_reasons(const std::vector<Outcome>& outcomes);

// report.md: summary, skip reasons, op matrix (when there are op tests), not-passed tests.
std::string markdown_report(const std::string& device, const std::vector<Outcome>& outcomes);
// report.xml: one <testsuite> per category; failures, errors (crashed, timed out), skipped.
std::string junit_report(const std::vector<Outcome>& outcomes);

}  // namespace ferry::conformance::runner
