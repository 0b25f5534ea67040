#include "runner_options.hpp"

#include <gtest/gtest.h>

#include "ferry/runtime/exception.hpp"

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
  EXPECT_TRUE(options.suite_args.empty());
}

TEST(RunnerOptions, RunnerFlagsInBothSpellingsAndRelativePathsMadeAbsolute) {
  const RunnerOptions options =
      parse({"--report=out", "--skip", "skips.txt", "--filter=Plugin.*", "--timeout", "7", "--suite=/abs/suite"});
  EXPECT_EQ(options.report_dir, "/work/out");
  EXPECT_EQ(options.skip_file, "/work/skips.txt");
  EXPECT_EQ(options.filter, "Plugin.*");
  EXPECT_EQ(options.timeout_s, 7);
  EXPECT_EQ(options.suite, "/abs/suite");
  EXPECT_TRUE(options.suite_args.empty());
  EXPECT_EQ(parse({"--report=out"}, "").report_dir, "out");  // outside `bazel run`: kept
}

TEST(RunnerOptions, SuiteFlagsAreForwardedInOrderWithAbsolutePaths) {
  const RunnerOptions options = parse({"--device=MYDEV", "--plugin", "lib/libmy.so", "--device_name=MYDEV", "--config",
                                       "PERF_COUNT=YES", "--config=NUM_STREAMS=2", "--plugins_xml=/etc/plugins.xml"});
  EXPECT_EQ(options.device, "MYDEV");
  const std::vector<std::string> expected = {"--device=MYDEV",         "--plugin=/work/lib/libmy.so",
                                             "--device_name=MYDEV",    "--config=PERF_COUNT=YES",
                                             "--config=NUM_STREAMS=2", "--plugins_xml=/etc/plugins.xml"};
  EXPECT_EQ(options.suite_args, expected);
}

TEST(RunnerOptions, BadArgumentsAreErrorsNamingThem) {
  auto message = [](const std::vector<std::string>& args) -> std::string {
    try {
      parse(args);
    } catch (const Exception& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(message({"--bogus=1"}).find("--bogus=1"), std::string::npos);
  EXPECT_NE(message({"positional"}).find("positional"), std::string::npos);
  EXPECT_NE(message({"--timeout=0"}).find("--timeout"), std::string::npos);
  EXPECT_NE(message({"--timeout=5s"}).find("5s"), std::string::npos);
  EXPECT_NE(message({"--skip"}).find("--skip needs a value"), std::string::npos);
  EXPECT_NE(message({"--config", "NOEQUALS"}).find("NOEQUALS"), std::string::npos);
  EXPECT_NE(message({"--device="}).find("--device is empty"), std::string::npos);
}

}  // namespace
}  // namespace ferry::conformance::runner
