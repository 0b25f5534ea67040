#pragma once

// The conformance runner's command line (docs/CONFORMANCE.md). The runner keeps its own flags
// and forwards the suite's (--device, --device_name, --plugin, --plugins_xml, --config,
// --onnx_data) to every
// suite process it starts. The device under test follows the suite's rule
// (suite/device_flags.hpp): with --plugin it is that library, registered as --device_name (or
// --device); flags that would test anything else are refused.

#include <string>
#include <vector>

namespace ferry::conformance::runner {

struct RunnerOptions {
  std::string suite;                // --suite=PATH: the suite binary (default: conformance_suite next to the runner)
  std::string device = "TEMPLATE";  // the device under test (device_flags.hpp)
  std::string plugin;               // --plugin=LIB, absolute ("" when none)
  std::string report_dir;           // --report=DIR (default: a fresh temporary folder)
  std::string filter;               // --filter=GTEST_FILTER
  std::string skip_file;            // --skip=FILE (see runner_skip_list.hpp)
  int timeout_s = 120;              // --timeout=SECONDS, per test
  // What every suite process gets, in the suite's syntax: --device=<device>, then with --plugin
  // --plugin=LIB --device_name=<device>, then --plugins_xml, --config and --onnx_data in their order.
  std::vector<std::string> suite_args;
};

// Parses argv[1..argc). `working_dir` makes relative paths absolute (bazel run's
// BUILD_WORKING_DIRECTORY; empty: keep them). `runner_path` is argv[0], for the default suite.
// Throws ferry::Exception naming a flag that is unknown, lacks its value, or has a bad value, or
// a combination of --device, --plugin and --device_name that the rule refuses.
RunnerOptions parse_runner_options(const std::vector<std::string>& args, const std::string& runner_path,
                                   const std::string& working_dir);

// The flags, for `--help` and error messages.
std::string runner_usage();

}  // namespace ferry::conformance::runner
