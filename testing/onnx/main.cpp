// bazel run //testing/onnx:backend_tests -- --device=DEVICE [...] (README.md): every case of
// ONNX's backend test data on one device, a report, and the expected-failure / ratchet verdict.
// The console output ends with "node: N passed, ..." and then the totals over every case.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <thread>

#include "case_runner.hpp"
#include "expected_failures.hpp"
#include "ferry/base/exception.hpp"
#include "isolated_runner.hpp"
#include "options.hpp"
#include "report.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

namespace fs = std::filesystem;

constexpr const char* kListPath = "testing/onnx/expected_failures.txt";
constexpr const char* kMinPassedPath = "testing/onnx/min_passed.txt";

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// The checked-in file: the workspace's copy under `bazel run` (so an update writes the source),
// else the runfiles' copy (tests run in the runfiles tree).
std::string checked_in(const char* relative) {
  const std::string workspace = env("BUILD_WORKSPACE_DIRECTORY");
  return workspace.empty() ? relative : workspace + "/" + relative;
}

// A list or ratchet file named on the command line: relative paths name files of the workspace
// under `bazel run` (as the defaults do, so --update_expected_failures rewrites the source), else
// of the working directory (the runfiles tree in tests).
std::string list_file(const std::string& value) {
  if (value.empty() || value == "none" || fs::path(value).is_absolute()) return value;
  if (value.find_first_not_of("0123456789") == std::string::npos) return value;  // a count
  return checked_in(value.c_str());
}

std::string report_dir(const Options& options) {
  std::string dir = options.report;
  if (dir.empty()) dir = env("TEST_UNDECLARED_OUTPUTS_DIR");
  if (dir.empty()) {
    std::string pattern = (fs::temp_directory_path() / "ferry_onnx_backend_XXXXXX").string();
    FERRY_ASSERT(::mkdtemp(pattern.data()) != nullptr, "cannot create a temp folder from '", pattern, "'");
    return pattern;
  }
  if (!env("BUILD_WORKING_DIRECTORY").empty() && fs::path(dir).is_relative())
    dir = env("BUILD_WORKING_DIRECTORY") + "/" + dir;  // relative to where `bazel run` was typed
  fs::create_directories(dir);
  return dir;
}

size_t read_min_passed(const std::string& value) {
  std::string text = value;
  if (text.find_first_not_of("0123456789") != std::string::npos) {
    std::ifstream file(text);
    FERRY_ASSERT(file, "cannot open the ratchet file '", text, "'");
    file >> text;
  }
  FERRY_ASSERT(!text.empty() && text.find_first_not_of("0123456789") == std::string::npos, "the ratchet '", value,
               "' is not a count");
  return std::stoul(text);
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  FERRY_ASSERT(file, "cannot write '", path, "'");
}

int run(Options options) {
  options.expected_failures = list_file(options.expected_failures);
  options.min_passed = list_file(options.min_passed);
  const bool use_list = options.expected_failures != "none";
  const std::string list_path = options.expected_failures.empty() ? checked_in(kListPath) : options.expected_failures;
  ExpectedFailures expected;
  if (use_list) expected = read_expected_failures(list_path);

  std::vector<BackendCase> cases = find_cases(options.data, options.dirs);
  if (!options.filter.empty()) {
    const std::regex filter(options.filter);
    std::vector<BackendCase> kept;
    for (auto& backend_case : cases)
      if (std::regex_search(backend_case.id(), filter)) kept.push_back(std::move(backend_case));
    cases.swap(kept);
  }
  const bool whole_run = options.filter.empty() && options.dirs == Options().dirs;

  RunSettings settings;
  settings.device = options.device;
  settings.jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  settings.timeout_s = options.timeout_s;
  settings.tolerance.rtol = options.rtol;
  settings.tolerance.atol = options.atol;
  std::cout << "ONNX backend tests: " << cases.size() << " cases from " << options.data << " on " << options.device
            << ", " << settings.jobs << " jobs" << std::endl;
  size_t finished = 0;
  RunReport report;
  report.device = options.device;
  report.tolerance = settings.tolerance;
  report.results = run_isolated(
      cases, settings,
      [&](const BackendCase& c) { return run_case(c, settings.device, settings.tolerance, options.reshape_to_data); },
      [&](size_t index, const CaseResult& result) {
        ++finished;
        if (!options.quiet && result.status != Status::passed && !expected.count(cases[index].id()))
          std::cout << "  " << cases[index].id() << ": " << status_name(result.status) << ": "
                    << first_line(result.message) << std::endl;
        if (finished % 100 == 0) std::cout << "  [" << finished << "/" << cases.size() << "]" << std::endl;
      });
  report.cases = std::move(cases);

  int status = 0;
  if (options.update_expected_failures) {
    FERRY_ASSERT(whole_run, "--update_expected_failures needs a run over every case (no --filter or --dirs)");
    const auto updated = updated_expected_failures(expected, report.failing());
    write_file(list_path, format_expected_failures(updated, options.device));
    expected = updated;
    std::cout << "wrote " << updated.size() << " entries to " << list_path << "\n";
    // The ratchet only goes up: the checked-in count is raised, never lowered.
    const std::string ratchet = options.min_passed.empty() ? checked_in(kMinPassedPath) : options.min_passed;
    const size_t passed = report.total().passed;
    if (ratchet != "none" && ratchet.find_first_not_of("0123456789") != std::string::npos) {
      const size_t old_minimum = read_min_passed(ratchet);
      if (passed > old_minimum) write_file(ratchet, std::to_string(passed) + "\n");
      std::cout << "passed now: " << passed << "; ratchet " << ratchet << ": "
                << (passed > old_minimum ? "raised from " : "stays at ") << old_minimum
                << (passed > old_minimum ? " to " + std::to_string(passed) : "") << "\n";
    } else {
      std::cout << "passed now: " << passed << "\n";
    }
  }

  const Verdict verdict = report.judge(expected, whole_run);
  const std::string dir = report_dir(options);
  write_file(dir + "/report.md", report.markdown(verdict));
  write_file(dir + "/report.json", report.json(verdict));
  std::cout << "report: " << dir << "/report.md, " << dir << "/report.json\n";

  for (const auto& [dir_name, tally] : report.by_dir())
    if (dir_name != "node") std::cout << dir_name << ": " << tally.line() << "\n";
  if (use_list && !verdict.unexpected.empty()) {
    std::cout << "FAIL: " << verdict.unexpected.size() << " cases failed that " << list_path << " does not list:\n";
    for (const auto& line : verdict.unexpected) std::cout << "  " << line << "\n";
    status = 1;
  }
  if (!verdict.unexpectedly_passing.empty()) {
    std::cout << (options.strict ? "FAIL" : "WARNING") << ": " << verdict.unexpectedly_passing.size()
              << " listed cases pass now: remove them from " << list_path
              << " (or rerun with --update_expected_failures):\n";
    for (const auto& id : verdict.unexpectedly_passing) std::cout << "  unexpectedly passing: " << id << "\n";
    if (options.strict) status = 1;
  }
  if (!verdict.stale.empty()) {
    std::cout << (options.strict ? "FAIL" : "WARNING") << ": " << verdict.stale.size() << " entries of " << list_path
              << " name no case of the test data:\n";
    for (const auto& id : verdict.stale) std::cout << "  " << id << "\n";
    if (options.strict) status = 1;
  }
  if (whole_run && options.min_passed != "none") {
    const std::string source = options.min_passed.empty() ? checked_in(kMinPassedPath) : options.min_passed;
    const size_t minimum = read_min_passed(source);
    const size_t passed = report.total().passed;
    if (passed < minimum) {
      std::cout << "FAIL: " << passed << " cases passed, fewer than the ratchet's " << minimum << " (" << source
                << ")\n";
      status = 1;
    } else if (passed > minimum) {
      std::cout << "ratchet: " << passed << " passed, above the " << minimum << " of " << source << ": raise it to "
                << passed << "\n";
    }
  }
  std::cout << "node: " << report.by_dir()["node"].line() << "\n" << report.total().line() << std::endl;
  return status;
}

}  // namespace
}  // namespace onnx_backend
}  // namespace ferry

int main(int argc, char** argv) {
  using namespace ferry::onnx_backend;
  Options options;
  try {
    options = parse_options(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n" << kUsage;
    return 2;
  }
  try {
    return run(options);
  } catch (const std::exception& error) {
    std::cerr << "backend_tests: " << error.what() << "\n";
    return 2;
  }
}
