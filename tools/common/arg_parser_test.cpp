#include "arg_parser.hpp"

#include <gtest/gtest.h>

#include <functional>

namespace ferry::tools {
namespace {

ArgParser make_parser() {
  ArgParser parser("tool", "does things");
  parser.add_option("m", "MODEL", "model").add_option("nireq", "N", "requests").add_option("t", "SECONDS", "time");
  parser.add_option("api", "sync|async", "api").add_switch("pc", "profiling");
  return parser;
}

// The message of the UsageError that parsing `args` throws ("" when none).
std::string parse_error(const std::vector<std::string>& args) {
  try {
    make_parser().parse(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(ArgParser, AcceptsEverySpelling) {
  const ParsedArgs args = make_parser().parse({"-m", "a.xml", "--nireq=4", "-t=2.5", "--api", "async", "-pc"});
  EXPECT_EQ(args.get("m"), "a.xml");
  EXPECT_EQ(args.get_int("nireq", 1, 1, 64), 4);
  EXPECT_DOUBLE_EQ(args.get_positive_double("t", 0), 2.5);
  EXPECT_EQ(args.get_choice("api", {"sync", "async"}, "sync"), "async");
  EXPECT_TRUE(args.has("pc"));
  EXPECT_FALSE(args.help_requested());
}

TEST(ArgParser, AbsentFlagsGiveFallbacks) {
  const ParsedArgs args = make_parser().parse(std::vector<std::string>{});
  EXPECT_FALSE(args.has("m"));
  EXPECT_EQ(args.get("m", "x"), "x");
  EXPECT_EQ(args.get_int("nireq", 7, 1, 64), 7);
  EXPECT_EQ(args.get_choice("api", {"sync", "async"}, "sync"), "sync");
}

TEST(ArgParser, ChoicesIgnoreCase) {
  EXPECT_EQ(make_parser().parse({"-api", "ASYNC"}).get_choice("api", {"sync", "async"}, "sync"), "async");
}

TEST(ArgParser, ArgvSkipsTheProgramName) {
  const char* argv[] = {"tool", "-m", "x.xml"};
  EXPECT_EQ(make_parser().parse(3, argv).get("m"), "x.xml");
}

TEST(ArgParser, HelpStopsParsing) {
  EXPECT_TRUE(make_parser().parse({"-h", "--bogus"}).help_requested());
  EXPECT_TRUE(make_parser().parse({"--help"}).help_requested());
}

TEST(ArgParser, ErrorsNameTheFlag) {
  EXPECT_NE(parse_error({"-bogus", "1"}).find("'-bogus'"), std::string::npos);
  EXPECT_NE(parse_error({"--niter=3"}).find("'--niter'"), std::string::npos);
  EXPECT_NE(parse_error({"-m"}).find("-m: missing value"), std::string::npos);
  EXPECT_NE(parse_error({"-pc=1"}).find("-pc: takes no value"), std::string::npos);
  EXPECT_NE(parse_error({"-m", "a", "-m", "b"}).find("-m: given more than once"), std::string::npos);
  EXPECT_NE(parse_error({"-m="}).find("-m: the value is empty"), std::string::npos);
  EXPECT_NE(parse_error({"model.xml"}).find("'model.xml'"), std::string::npos);
}

TEST(ArgParser, TypedGettersNameTheFlagAsSpelled) {
  auto message = [](const std::function<void()>& get) {
    try {
      get();
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const ParsedArgs args = make_parser().parse({"--nireq", "two", "-t", "-1", "-api", "fast"});
  EXPECT_EQ(message([&] { args.get_int("nireq", 1, 1, 64); }), "--nireq: expected an integer in [1, 64], got 'two'");
  EXPECT_EQ(message([&] { args.get_positive_double("t", 1); }), "-t: expected a number > 0, got '-1'");
  EXPECT_EQ(message([&] {
              args.get_choice("api", {"sync", "async"}, "sync");
            }),
            "-api: expected one of sync, async, got 'fast'");
  const ParsedArgs big = make_parser().parse({"-nireq", "65"});
  EXPECT_NE(message([&] { big.get_int("nireq", 1, 1, 64); }).find("got '65'"), std::string::npos);
  const ParsedArgs trailing = make_parser().parse({"-nireq", "4x"});
  EXPECT_NE(message([&] { trailing.get_int("nireq", 1, 1, 64); }).find("got '4x'"), std::string::npos);
}

TEST(ArgParser, UsageListsEveryFlag) {
  const std::string usage = make_parser().usage();
  for (const char* expected : {"-m MODEL", "-nireq N", "-pc", "-h"})
    EXPECT_NE(usage.find(expected), std::string::npos) << expected;
}

}  // namespace
}  // namespace ferry::tools
