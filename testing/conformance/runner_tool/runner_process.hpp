#pragma once

// Process isolation for the conformance runner: each test runs in its own suite process, so a
// crash or a hang is that test's result instead of the end of the run.

#include <string>
#include <vector>

namespace ferry::conformance::runner {

struct ProcessResult {
  bool timed_out = false;  // killed after the timeout
  int signal = 0;          // the signal that ended it, 0 when it exited
  int exit_code = 0;       // when it exited
  double seconds = 0;
};

// Runs args[0] with args[1..] in its own process group, stdout and stderr written to `log`.
// Kills the group (SIGKILL) once `timeout_s` has passed. Throws ferry::Exception when the
// process cannot be started.
ProcessResult run_isolated(const std::vector<std::string>& args, const std::string& log, int timeout_s);

// The test names in `--gtest_list_tests` output: "Suite.\n  Test  # GetParam() = ..." gives
// "Suite.Test"; value-parametrised suites ("Ops/OpConformance.") keep their prefix.
std::vector<std::string> parse_test_list(const std::string& text);

std::string read_text_file(const std::string& path);

}  // namespace ferry::conformance::runner
