#pragma once

// Tallies of a run (per case, op, directory and in total), the expected-failure verdict, and the
// report files (report.md, report.json).
#include <map>
#include <string>
#include <vector>

#include "backend_case.hpp"
#include "case_result.hpp"
#include "expected_failures.hpp"
#include "tensor_compare.hpp"

namespace ferry {
namespace onnx_backend {

struct Tally {
  size_t passed = 0, failed = 0, unsupported = 0, crashed = 0;
  void add(Status status);
  size_t total() const { return passed + failed + unsupported + crashed; }
  std::string line() const;  // "N passed, N failed, N unsupported, N crashed"
};

struct Verdict {
  std::vector<std::string> unexpected;            // not passing and not listed: "id: status: reason"
  std::vector<std::string> unexpectedly_passing;  // listed and passing: ids
  std::vector<std::string> stale;                 // listed, but no such case was run
};

struct RunReport {
  std::string device;
  Tolerance tolerance;
  std::vector<BackendCase> cases;
  std::vector<CaseResult> results;  // one per case

  Tally total() const;
  std::map<std::string, Tally> by_dir() const;
  std::map<std::string, Tally> by_op() const;
  // Op types that stop cases from converting or compiling, with how many cases each stops,
  // most first.
  std::vector<std::pair<std::string, size_t>> missing_ops() const;
  // Not-passing cases: id -> the first line of the reason, as --update_expected_failures writes.
  std::map<std::string, std::string> failing() const;

  // `whole_run`: every case was run (no --filter), so listed cases that were not run are stale.
  Verdict judge(const ExpectedFailures& expected, bool whole_run) const;

  std::string markdown(const Verdict& verdict) const;
  std::string json(const Verdict& verdict) const;
};

// The op type an unsupported case's message names ("... (#0, Det, domain '', opset 13) ..."),
// or the case's only op type, or "" when neither tells.
std::string missing_op_of(const BackendCase& backend_case, const CaseResult& result);

std::string json_escape(const std::string& text);

}  // namespace onnx_backend
}  // namespace ferry
