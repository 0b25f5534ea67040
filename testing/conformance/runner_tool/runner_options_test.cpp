#include "runner_options.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry::conformance::runner {
namespace {

RunnerOptions parse(const std::vector<std::string>& args, const std::string& cwd = "/work") {
  return parse_runner_options(args, "/bin/dir/runner", cwd);
}

TEST(RunnerOptions, DefaultsAndSuiteNextToTheRunner) {
  const RunnerOptions options = parse({});
  EXPECT_EQ(options.suite, "/bin/dir/conformance_suite");
  EXPECT_EQ(options.device, "TEMPLATE");
  EXPECT_EQ(options.timeout_s, 120);
  EXPECT_TRUE(options.report_dir.empty());
  EXPECT_TRUE(options.plugin.empty());
  // The suite is told the device explicitly: its own default and environment play no part.
  EXPECT_EQ(options.suite_args, std::vector<std::string>{"--device=TEMPLATE"});
}

TEST(RunnerOptions, RunnerFlagsInBothSpellingsAndRelativePathsMadeAbsolute) {
  const RunnerOptions options =
      parse({"--report=out", "--skip", "skips.txt", "--filter=Plugin.*", "--timeout", "7", "--suite=/abs/suite"});
  EXPECT_EQ(options.report_dir, "/work/out");
  EXPECT_EQ(options.skip_file, "/work/skips.txt");
  EXPECT_EQ(options.filter, "Plugin.*");
  EXPECT_EQ(options.timeout_s, 7);
  EXPECT_EQ(options.suite, "/abs/suite");
  EXPECT_EQ(options.suite_args, std::vector<std::string>{"--device=TEMPLATE"});
  EXPECT_EQ(parse({"--report=out"}, "").report_dir, "out");  // outside `bazel run`: kept
}

TEST(RunnerOptions, SuiteFlagsAreForwardedDeviceFirstThenInOrderWithAbsolutePaths) {
  const RunnerOptions options = parse(
      {"--config", "PERF_COUNT=YES", "--device=MYDEV", "--plugin", "lib/libmy.so", "--device_name=MYDEV",
       "--config=NUM_STREAMS=2", "--plugins_xml=/etc/plugins.xml", "--onnx_data", "data/node", "--batch_one_models"});
  EXPECT_EQ(options.device, "MYDEV");
  EXPECT_EQ(options.plugin, "/work/lib/libmy.so");
  const std::vector<std::string> expected = {"--device=MYDEV",
                                             "--plugin=/work/lib/libmy.so",
                                             "--device_name=MYDEV",
                                             "--config=PERF_COUNT=YES",
                                             "--config=NUM_STREAMS=2",
                                             "--plugins_xml=/etc/plugins.xml",
                                             "--onnx_data=/work/data/node",
                                             "--batch_one_models"};
  EXPECT_EQ(options.suite_args, expected);
}

std::string error_of(const std::vector<std::string>& args) {
  try {
    parse(args);
  } catch (const Exception& e) {
    return e.what();
  }
  return "no error";
}

// A new user's first try: the plugin and the name it registers, no --device. The device under
// test is the plugin's, not TEMPLATE (which the runner used to test, reporting 100%).
TEST(RunnerOptions, PluginWithDeviceNameAloneTestsThatPlugin) {
  const RunnerOptions options = parse({"--plugin=libmine.so", "--device_name=MINE"});
  EXPECT_EQ(options.device, "MINE");
  const std::vector<std::string> expected = {"--device=MINE", "--plugin=/work/libmine.so", "--device_name=MINE"};
  EXPECT_EQ(options.suite_args, expected);
}

TEST(RunnerOptions, PluginWithDeviceAloneIsRegisteredUnderThatName) {
  const RunnerOptions options = parse({"--device=MINE", "--plugin=/abs/libmine.so"});
  EXPECT_EQ(options.device, "MINE");
  const std::vector<std::string> expected = {"--device=MINE", "--plugin=/abs/libmine.so", "--device_name=MINE"};
  EXPECT_EQ(options.suite_args, expected);
}

TEST(RunnerOptions, PluginWithEqualDeviceAndDeviceNameTestsThatPlugin) {
  const RunnerOptions options = parse({"--device_name=MINE", "--plugin=/abs/libmine.so", "--device=MINE"});
  EXPECT_EQ(options.device, "MINE");
  const std::vector<std::string> expected = {"--device=MINE", "--plugin=/abs/libmine.so", "--device_name=MINE"};
  EXPECT_EQ(options.suite_args, expected);
}

TEST(RunnerOptions, FlagsThatWouldTestAnotherDeviceThanThePluginAreRefused) {
  // --device names another device than the plugin's registration: which one to test is ambiguous.
  const std::string mismatch = error_of({"--plugin=libmine.so", "--device_name=MINE", "--device=TEMPLATE"});
  EXPECT_NE(mismatch.find("--device=TEMPLATE does not match --device_name=MINE"), std::string::npos) << mismatch;
  EXPECT_NE(mismatch.find("drop --device"), std::string::npos) << mismatch;
  // Nothing names the plugin's device.
  const std::string unnamed = error_of({"--plugin=libmine.so"});
  EXPECT_NE(unnamed.find("--plugin=/work/libmine.so needs --device_name=NAME"), std::string::npos) << unnamed;
  // --device_name without --plugin registers nothing: it would have tested TEMPLATE.
  const std::string stray = error_of({"--device_name=MINE"});
  EXPECT_NE(stray.find("no --plugin is given"), std::string::npos) << stray;
  EXPECT_NE(stray.find("--device=MINE"), std::string::npos) << stray;
  EXPECT_NE(error_of({"--plugin=libmine.so", "--device_name="}).find("--device_name is empty"), std::string::npos);
  EXPECT_NE(error_of({"--plugin=", "--device=MINE"}).find("--plugin is empty"), std::string::npos);
}

TEST(RunnerOptions, BadArgumentsAreErrorsNamingThem) {
  EXPECT_NE(error_of({"--bogus=1"}).find("--bogus=1"), std::string::npos);
  EXPECT_NE(error_of({"positional"}).find("positional"), std::string::npos);
  EXPECT_NE(error_of({"--timeout=0"}).find("--timeout"), std::string::npos);
  EXPECT_NE(error_of({"--timeout=5s"}).find("5s"), std::string::npos);
  EXPECT_NE(error_of({"--skip"}).find("--skip needs a value"), std::string::npos);
  EXPECT_NE(error_of({"--config", "NOEQUALS"}).find("NOEQUALS"), std::string::npos);
  EXPECT_NE(error_of({"--device="}).find("--device is empty"), std::string::npos);
}

}  // namespace
}  // namespace ferry::conformance::runner
