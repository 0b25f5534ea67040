// Runs the runner binary on the TEMPLATE plugin with a small filter and a skip file, and checks
// its exit status, console summary and the report files.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "runner_process.hpp"

namespace ferry::conformance::runner {
namespace {

std::string runfile(const std::string& path) { return std::string(std::getenv("TEST_SRCDIR")) + "/ferry/" + path; }
std::string tmp(const std::string& name) { return std::string(std::getenv("TEST_TMPDIR")) + "/" + name; }

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// Two plugin tests (one skipped by the skip file) and two op cases.
const std::string kFilter =
    "Plugin.VersionsNameTheDevice:Plugin.SupportedPropertiesAreCompleteAndReadable:"
    "Ops/OpConformance.Run/Add_opset1__f32__same_shape:Ops/OpConformance.Run/Add_opset1__f32__broadcast_rank4";

ProcessResult run_runner(const std::string& report, const std::string& skip_file, const std::string& log) {
  return run_isolated(
      {runfile("testing/conformance/runner"), "--suite=" + runfile("testing/conformance/conformance_suite"),
       "--device=TEMPLATE", "--filter=" + kFilter, "--skip=" + skip_file, "--timeout=60", "--report=" + report},
      log, 300);
}

TEST(RunnerEndToEnd, TemplateRunWritesReportsWithTheExpectedCounts) {
  const std::string skip_file = tmp("skips.txt");
  write(skip_file, "# skips for the end-to-end test\nPlugin.Supported*  # checked by another job\n");
  const std::string report = tmp("report");
  const ProcessResult result = run_runner(report, skip_file, tmp("runner.log"));
  const std::string console = read_text_file(tmp("runner.log"));
  ASSERT_FALSE(result.timed_out);
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_code, 0) << console;
  EXPECT_NE(console.find("skipped     Plugin.SupportedPropertiesAreCompleteAndReadable  (skipped (skip list): "
                         "checked by another job)"),
            std::string::npos)
      << console;
  EXPECT_NE(console.find("| Plugin | 1 | 0 | 1 | 0 | 0 | 0 | 100% |"), std::string::npos) << console;
  EXPECT_NE(console.find("| OpConformance | 2 | 0 | 0 | 0 | 0 | 0 | 100% |"), std::string::npos) << console;

  const std::string md = read_text_file(report + "/report.md");
  EXPECT_NE(md.find("| **total** | 3 | 0 | 1 | 0 | 0 | 0 | 100% |"), std::string::npos) << md;
  EXPECT_NE(md.find("- Plugin: 1 x (skip list) checked by another job"), std::string::npos) << md;
  EXPECT_NE(md.find("| op | f32 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| Add (opset1) | 2/2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Nothing failed, crashed or timed out."), std::string::npos) << md;

  const std::string xml = read_text_file(report + "/report.xml");
  EXPECT_NE(xml.find("tests=\"4\" failures=\"0\" errors=\"0\" skipped=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<skipped message=\"skipped (skip list): checked by another job\"/>"), std::string::npos) << xml;
  EXPECT_EQ(read_text_file(report + "/results.tsv"),
            "passed\tPlugin.VersionsNameTheDevice\n"
            "skipped\tPlugin.SupportedPropertiesAreCompleteAndReadable\n"
            "passed\tOps/OpConformance.Run/Add_opset1__f32__same_shape\n"
            "passed\tOps/OpConformance.Run/Add_opset1__f32__broadcast_rank4\n");
  EXPECT_NE(read_text_file(report + "/logs/Plugin.VersionsNameTheDevice.log").find("[  PASSED  ] 1 test"),
            std::string::npos);
}

TEST(RunnerEndToEnd, SkipEntryWithoutReasonStopsTheRunNamingTheLine) {
  const std::string skip_file = tmp("bad_skips.txt");
  write(skip_file, "Plugin.A*  # fine\nPlugin.Supported*\n");
  const ProcessResult result = run_runner(tmp("bad_report"), skip_file, tmp("bad.log"));
  const std::string console = read_text_file(tmp("bad.log"));
  EXPECT_EQ(result.exit_code, 2) << console;
  EXPECT_NE(console.find(skip_file + ":2"), std::string::npos) << console;
  EXPECT_NE(console.find("has no reason"), std::string::npos) << console;
}

// `--plugin=LIB --device_name=MINE` without --device: the runner tests LIB as MINE (the TEMPLATE
// plugin's library, registered a second time under that name), not TEMPLATE.
TEST(RunnerEndToEnd, PluginWithDeviceNameAloneTestsThePlugin) {
  const std::string report = tmp("mine_report");
  const std::string plugin = runfile("plugins/template/libferry_template_plugin.so");
  const ProcessResult result = run_isolated(
      {runfile("testing/conformance/runner"), "--suite=" + runfile("testing/conformance/conformance_suite"),
       "--plugin=" + plugin, "--device_name=MINE",
       "--filter=Plugin.DeviceIsListedUnderItsRegisteredName:Plugin.VersionsNameTheDevice", "--timeout=60",
       "--report=" + report},
      tmp("mine.log"), 300);
  const std::string console = read_text_file(tmp("mine.log"));
  EXPECT_EQ(result.exit_code, 0) << console;
  EXPECT_NE(console.find("device under test: MINE (--plugin=" + plugin + ")"), std::string::npos) << console;
  EXPECT_NE(console.find("Ferry conformance, device MINE"), std::string::npos) << console;
  // What each suite process says it tested.
  const std::string log = read_text_file(report + "/logs/Plugin.VersionsNameTheDevice.log");
  EXPECT_NE(log.find("[ferry conformance] device=MINE plugin=" + plugin + " as MINE"), std::string::npos) << log;
  EXPECT_NE(log.find("[  PASSED  ] 1 test"), std::string::npos) << log;
}

TEST(RunnerEndToEnd, DeviceOtherThanThePluginIsRefusedBeforeRunning) {
  const std::string report = tmp("mismatch_report");
  const ProcessResult result = run_isolated(
      {runfile("testing/conformance/runner"), "--suite=" + runfile("testing/conformance/conformance_suite"),
       "--plugin=" + runfile("plugins/template/libferry_template_plugin.so"), "--device_name=MINE", "--device=TEMPLATE",
       "--report=" + report},
      tmp("mismatch.log"), 300);
  const std::string console = read_text_file(tmp("mismatch.log"));
  EXPECT_EQ(result.exit_code, 2) << console;
  EXPECT_NE(console.find("--device=TEMPLATE does not match --device_name=MINE"), std::string::npos) << console;
  EXPECT_FALSE(std::ifstream(report + "/results.tsv").good()) << "the runner ran tests: " << console;
}

// The suite binary alone applies the same rule.
TEST(RunnerEndToEnd, SuiteAloneRefusesADeviceOtherThanThePlugin) {
  const ProcessResult result = run_isolated({runfile("testing/conformance/conformance_suite"),
                                             "--plugin=" + runfile("plugins/template/libferry_template_plugin.so"),
                                             "--device_name=MINE", "--device=TEMPLATE", "--gtest_list_tests"},
                                            tmp("suite_mismatch.log"), 120);
  const std::string output = read_text_file(tmp("suite_mismatch.log"));
  EXPECT_EQ(result.exit_code, 2) << output;
  EXPECT_NE(output.find("conformance: --device=TEMPLATE does not match --device_name=MINE"), std::string::npos)
      << output;
}

}  // namespace
}  // namespace ferry::conformance::runner
