// The conformance runner: lists the suite's tests and runs each in its own process
// (runner_process.hpp), so a crash or a hang is recorded against that test and the run goes on.
// Prints a line per test and a summary per category; writes report.md, report.xml (JUnit),
// results.tsv and logs/ under --report. See docs/CONFORMANCE.md.

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>

#include "ferry/base/exception.hpp"
#include "runner_options.hpp"
#include "runner_outcome.hpp"
#include "runner_process.hpp"
#include "runner_report.hpp"
#include "runner_skip_list.hpp"

namespace runner = ferry::conformance::runner;

namespace {

// "Ops/OpConformance.Run/Add_x" -> "Ops_OpConformance.Run_Add_x.log"
std::string log_name(std::string test) {
  for (char& c : test)
    if (c == '/' || c == ' ') c = '_';
  return test + ".log";
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  FERRY_ASSERT(out.good(), "cannot write '", path, "'");
}

int run(const runner::RunnerOptions& options) {
  const auto skips =
      options.skip_file.empty() ? std::vector<runner::SkipEntry>{} : runner::read_skip_list(options.skip_file);
  const std::string work = options.report_dir.empty() ? std::filesystem::temp_directory_path().string() +
                                                            "/ferry_conformance_" + std::to_string(getpid())
                                                      : options.report_dir;
  std::filesystem::create_directories(work + "/logs");

  std::vector<std::string> list_args = {options.suite};
  list_args.insert(list_args.end(), options.suite_args.begin(), options.suite_args.end());
  list_args.push_back("--gtest_list_tests");
  if (!options.filter.empty()) list_args.push_back("--gtest_filter=" + options.filter);
  const auto listed = runner::run_isolated(list_args, work + "/logs/list.txt", 120);
  const std::string list_text = runner::read_text_file(work + "/logs/list.txt");
  if (listed.timed_out || listed.signal || listed.exit_code != 0) {
    std::cerr << "cannot list the tests of " << options.suite << ":\n" << list_text;
    return 2;
  }
  const auto tests = runner::parse_test_list(list_text);
  if (tests.empty()) {
    std::cerr << "no test matches --filter='" << options.filter << "'\n";
    return 2;
  }

  std::cout << "device under test: " << options.device;
  if (!options.plugin.empty()) std::cout << " (--plugin=" << options.plugin << ")";
  std::cout << ", " << tests.size() << " tests" << std::endl;
  std::vector<runner::Outcome> outcomes;
  std::ofstream tsv(work + "/results.tsv");
  for (const auto& test : tests) {
    runner::Outcome outcome;
    if (const auto* skip = runner::find_skip(skips, test)) {
      outcome = {test, runner::Status::SKIPPED, skip->reason, 0, true};
    } else {
      std::vector<std::string> args = {options.suite};
      args.insert(args.end(), options.suite_args.begin(), options.suite_args.end());
      args.push_back("--gtest_filter=" + test);
      const std::string log = work + "/logs/" + log_name(test);
      const auto result = runner::run_isolated(args, log, options.timeout_s);
      outcome = runner::classify(test, result, runner::read_text_file(log), options.timeout_s);
    }
    std::cout << std::left << std::setw(12) << runner::status_name(outcome.status) << test;
    if (outcome.status == runner::Status::SKIPPED || outcome.status == runner::Status::UNSUPPORTED)
      std::cout << "  (" << runner::describe(outcome) << ")";
    std::cout << std::endl;
    tsv << runner::status_name(outcome.status) << "\t" << test << "\n" << std::flush;
    outcomes.push_back(std::move(outcome));
  }

  std::cout << "\nFerry conformance, device " << options.device << "\n" << runner::summary_table(outcomes);
  const std::string skipped = runner::skip_reasons(outcomes);
  if (!skipped.empty()) std::cout << "\nSkipped:\n" << skipped;
  write_file(work + "/report.md", runner::markdown_report(options.device, outcomes));
  write_file(work + "/report.xml", runner::junit_report(outcomes));
  std::cout << "\nreport: " << work << "/report.md, " << work << "/report.xml, logs in " << work << "/logs\n";
  const auto all = runner::count_all(outcomes);
  return all.failed + all.crashed + all.timed_out == 0 ? 0 : 1;
}

// Under `bazel run` the runner has a runfiles tree (with the in-tree plugins.xml) but no
// RUNFILES_DIR in its environment; setting it lets the suite processes it starts find the same
// plugins. A runner started any other way leaves the environment as it is.
void share_runfiles_with_children(const char* argv0) {
  if (std::getenv("RUNFILES_DIR") || std::getenv("RUNFILES_MANIFEST_FILE")) return;
  std::error_code error;
  const std::filesystem::path runfiles = std::string(argv0) + ".runfiles";
  if (std::filesystem::is_directory(runfiles, error))
    setenv("RUNFILES_DIR", std::filesystem::absolute(runfiles, error).c_str(), 1);
}

// The suite reads $FERRY_CONFORMANCE_DEVICE and $FERRY_CONFORMANCE_PLUGIN as defaults for --device
// and --plugin; the runner takes flags only. It removes both from the environment (saying so), so
// that the suite processes test exactly the device the runner resolved and reports.
void drop_suite_environment() {
  for (const char* name : {"FERRY_CONFORMANCE_DEVICE", "FERRY_CONFORMANCE_PLUGIN"}) {
    if (!std::getenv(name)) continue;
    std::cerr << "conformance runner: ignoring $" << name
              << " (the runner takes --device, --plugin and --device_name)\n";
    unsetenv(name);
  }
}

}  // namespace

int main(int argc, char** argv) {
  share_runfiles_with_children(argv[0]);
  runner::RunnerOptions options;
  try {
    drop_suite_environment();
    const std::vector<std::string> args(argv + 1, argv + argc);
    for (const auto& arg : args)
      if (arg == "--help" || arg == "-h") {
        std::cout << runner::runner_usage();
        return 0;
      }
    const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");  // set by `bazel run`
    options = runner::parse_runner_options(args, argv[0], cwd ? cwd : "");
    return run(options);
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n" << runner::runner_usage();
    return 2;
  }
}
