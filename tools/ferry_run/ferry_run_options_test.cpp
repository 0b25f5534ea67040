#include "ferry_run_options.hpp"
#include "ferry/testing/error_of.hpp"

#include <gtest/gtest.h>

namespace ferry::tools {
namespace {

FerryRunOptions parse(const std::vector<std::string>& args) {
  return ferry_run_options_from(ferry_run_arg_parser().parse(args));
}

std::string error_of(const std::vector<std::string>& args) {
  return ::ferry::testing::error_of<UsageError>([&] { parse(args); });
}

TEST(FerryRunOptions, Defaults) {
  const FerryRunOptions options = parse({});
  EXPECT_EQ(options.model, "resnet50");
  EXPECT_EQ(options.device, "");
  EXPECT_EQ(options.seed, 1u);
  EXPECT_EQ(options.runs, 20u);
  EXPECT_FALSE(options.version);
}

TEST(FerryRunOptions, EveryFlag) {
  const FerryRunOptions options = parse({"--model", "m.xml", "--device=GPU.1", "--plugins_xml", "p.xml", "--shape",
                                         "[2,5,8]", "--seed", "9", "--runs", "3", "--version"});
  EXPECT_EQ(options.model, "m.xml");
  EXPECT_EQ(options.device, "GPU.1");
  EXPECT_EQ(options.plugins_xml, "p.xml");
  ASSERT_EQ(options.shapes.size(), 1u);
  EXPECT_EQ(options.shapes[0].dims, "[2,5,8]");
  EXPECT_EQ(options.seed, 9u);
  EXPECT_EQ(options.runs, 3u);
  EXPECT_TRUE(options.version);
}

TEST(FerryRunOptions, ErrorsNameTheFlag) {
  EXPECT_NE(error_of({"--modle", "m.xml"}).find("'--modle'"), std::string::npos);
  EXPECT_EQ(error_of({"--runs", "0"}).rfind("--runs: ", 0), 0u);
  EXPECT_EQ(error_of({"--seed", "-1"}).rfind("--seed: ", 0), 0u);
  EXPECT_EQ(error_of({"--shape", "oops"}).rfind("--shape: ", 0), 0u);
  EXPECT_EQ(error_of({"--device"}).rfind("--device: missing value", 0), 0u);
  EXPECT_NE(error_of({"m.xml"}).find("'m.xml'"), std::string::npos);
}

}  // namespace
}  // namespace ferry::tools
