#pragma once

// What one isolated test run means: its GoogleTest log and process result turned into a status
// with a reason.

#include <string>

#include "runner_process.hpp"

namespace ferry::conformance::runner {

enum class Status { PASSED, FAILED, SKIPPED, UNSUPPORTED, CRASHED, TIMED_OUT };

// "passed", "failed", "skipped", "unsupported", "crashed", "timed out".
const char* status_name(Status status);

struct Outcome {
  std::string test;  // full GoogleTest name, e.g. "InferRequest.AsyncWaitAndWaitFor"
  Status status = Status::PASSED;
  std::string detail;  // why: the skip reason, the failure text, the signal...
  double seconds = 0;
  bool skip_list = false;  // SKIPPED by the --skip file, not run
};

// "skipped (skip list): reason", "skipped: reason", "failed", ...: how the console and the
// reports describe an outcome.
std::string describe(const Outcome& outcome);

// The category of a test: its GoogleTest suite name without a parametrisation prefix
// ("Plugin.X" -> "Plugin", "Ops/OpConformance.Run/Add_..." -> "OpConformance").
std::string category_of(const std::string& test);

// A skip whose reason starts with "unsupported" is UNSUPPORTED: the device does not claim the op.
Outcome classify(const std::string& test, const ProcessResult& result, const std::string& log, int timeout_s);

// The text after GoogleTest's "Skipped" line, up to its "[  SKIPPED ]" line.
std::string skip_reason(const std::string& log);

// The failure messages of a failed test's log (what GoogleTest printed while the test ran).
std::string failure_text(const std::string& log);

// `text` on one line (newlines and '|' replaced), cut to `limit` characters.
std::string one_line(std::string text, size_t limit = 200);

}  // namespace ferry::conformance::runner
