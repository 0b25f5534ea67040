// Runs the conformance runner on every mutant (README.md) and checks, against the mutant's
// expected/<name>.txt, that the suite catches it with the expected tests and that nothing else
// fails: every failed, crashed or timed-out test is listed there.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "testing/conformance/runner_tool/runner_skip_list.hpp"

extern char** environ;

namespace {

std::string runfile(const std::string& path) { return std::string(std::getenv("TEST_SRCDIR")) + "/ferry/" + path; }

// expected/<name>.txt: "filter: F", "timeout: S", "must <status> <test>", "may <test>".
struct Expected {
  std::string filter;
  int timeout_s = 30;
  std::map<std::string, std::string> must;  // test -> status ("failed", "crashed", "timed out")
  std::vector<std::string> may;             // patterns of tests allowed to fail, crash or time out
};

Expected read_expected(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  Expected expected;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, status, test;
    words >> kind;
    if (kind == "filter:") {
      words >> expected.filter;
    } else if (kind == "timeout:") {
      words >> expected.timeout_s;
    } else if (kind == "must") {
      words >> status >> test;
      expected.must[test] = status == "timed_out" ? "timed out" : status;
    } else if (kind == "may") {
      words >> test;
      expected.may.push_back(test);
    } else {
      ADD_FAILURE() << path << ": cannot read line '" << line << "'";
    }
  }
  return expected;
}

// Runs the runner; returns its exit status (-1 when it did not exit normally).
int run_runner(const std::vector<std::string>& args, const std::string& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int started = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class Mutant : public testing::TestWithParam<std::string> {};

TEST_P(Mutant, IsCaughtByItsExpectedTestsAndNothingElse) {
  const std::string name = GetParam();
  const Expected expected = read_expected(runfile("testing/conformance/mutants/expected/" + name + ".txt"));
  ASSERT_FALSE(expected.must.empty()) << name << ": expected/" << name << ".txt names no test that must catch it";
  const std::string report = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  const std::string device = "MUTANT";
  const int status = run_runner(
      {runfile("testing/conformance/runner"), "--suite=" + runfile("testing/conformance/conformance_suite"),
       "--device=" + device, "--device_name=" + device,
       "--plugin=" + runfile("testing/conformance/mutants/lib" + name + "_mutant.so"), "--filter=" + expected.filter,
       "--timeout=" + std::to_string(expected.timeout_s), "--report=" + report},
      report + ".log");
  const std::string output = read_all(report + ".log");
  EXPECT_EQ(status, 1) << "the runner must exit 1 when something failed; its output:\n" << output;

  std::map<std::string, std::string> results;  // test -> status
  std::istringstream lines(read_all(report + "/results.tsv"));
  std::string line;
  while (std::getline(lines, line)) {
    const auto tab = line.find('\t');
    if (tab != std::string::npos) results[line.substr(tab + 1)] = line.substr(0, tab);
  }
  ASSERT_FALSE(results.empty()) << "the runner ran no test; its output:\n" << output;
  for (const auto& [test, wanted] : expected.must) {
    const auto found = results.find(test);
    ASSERT_NE(found, results.end()) << test << " did not run (filter '" << expected.filter << "')";
    EXPECT_EQ(found->second, wanted) << name << " must be caught by " << test << "; see " << report;
  }
  for (const auto& entry : results) {
    // Named copies, not a structured binding: C++17 lambdas cannot capture bindings (clang refuses).
    const std::string& test = entry.first;
    const std::string& result = entry.second;
    if (result == "passed" || result == "skipped" || result == "unsupported") continue;
    const bool allowed = std::any_of(expected.may.begin(), expected.may.end(), [&](const std::string& pattern) {
      return ferry::conformance::runner::matches_pattern(test, pattern);
    });
    EXPECT_TRUE(expected.must.count(test) || allowed)
        << name << ": " << test << " " << result << " but is not in expected/" << name << ".txt; log: " << report
        << "/logs";
  }
}

INSTANTIATE_TEST_SUITE_P(All, Mutant,
                         testing::Values("callback_called_twice", "callback_never_called", "crash_on_cancel",
                                         "export_import_differs", "hang_in_wait", "host_copy_behind_device_counter",
                                         "remote_tensor_copied", "set_tensor_ignored",
                                         "supported_properties_incomplete", "wrong_property_type", "wrong_values"),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
