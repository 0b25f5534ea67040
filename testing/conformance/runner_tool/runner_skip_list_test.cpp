#include "runner_skip_list.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry::conformance::runner {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_skip_list(text, "skips.txt");
  } catch (const Exception& e) {
    return e.what();
  }
  return "no error";
}

TEST(RunnerSkipList, EntriesWithReasonsCommentsAndBlankLines) {
  const auto entries = parse_skip_list(
      "# whole-line comment\n"
      "\n"
      "Remote.*   # no remote memory on this board\n"
      "  Caching.DamagedEntryIsRebuilt#cache dir is read-only in CI  \n"
      "Ops/OpConformance.Run/Conv*__f16__*  # f16 convolution: driver bug 123 # see tracker\n",
      "skips.txt");
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].pattern, "Remote.*");
  EXPECT_EQ(entries[0].reason, "no remote memory on this board");
  EXPECT_EQ(entries[0].line, 3);
  EXPECT_EQ(entries[1].pattern, "Caching.DamagedEntryIsRebuilt");
  EXPECT_EQ(entries[1].reason, "cache dir is read-only in CI");
  EXPECT_EQ(entries[2].reason, "f16 convolution: driver bug 123 # see tracker");  // first '#' separates
  EXPECT_EQ(entries[2].line, 5);
}

TEST(RunnerSkipList, AnEntryWithoutReasonIsAnErrorNamingItsLine) {
  const std::string text = "Plugin.*  # ok\n\nRemote.*\n";
  const std::string error = error_of(text);
  EXPECT_NE(error.find("skips.txt:3"), std::string::npos) << error;
  EXPECT_NE(error.find("Remote.*"), std::string::npos) << error;
  EXPECT_NE(error.find("no reason"), std::string::npos) << error;
  EXPECT_NE(error_of("Remote.*   #   \n").find("skips.txt:1"), std::string::npos);  // blank reason
  EXPECT_NE(error_of("A.* B.*  # two patterns\n").find("one pattern a line"), std::string::npos);
}

TEST(RunnerSkipList, MissingFileIsAnError) { EXPECT_THROW(read_skip_list("/nonexistent/skips.txt"), Exception); }

TEST(RunnerSkipList, GoogleTestWildcards) {
  EXPECT_TRUE(matches_pattern("Remote.DefaultContextNamesTheDevice", "Remote.*"));
  EXPECT_TRUE(matches_pattern("Remote.X", "Remote.X"));
  EXPECT_FALSE(matches_pattern("Remote.X", "Remote.Y"));
  EXPECT_FALSE(matches_pattern("RemoteX.A", "Remote.*"));
  EXPECT_TRUE(matches_pattern("Plugin.A1", "Plugin.A?"));
  EXPECT_FALSE(matches_pattern("Plugin.A", "Plugin.A?"));
  EXPECT_TRUE(matches_pattern("Ops/OpConformance.Run/Conv_opset1__f16__pads", "*Conv*__f16__*"));
  EXPECT_FALSE(matches_pattern("Ops/OpConformance.Run/Conv_opset1__f32__pads", "*Conv*__f16__*"));
  EXPECT_TRUE(matches_pattern("a.b", "***"));
  EXPECT_TRUE(matches_pattern("", "*"));
}

TEST(RunnerSkipList, FirstMatchingEntryWins) {
  const auto entries = parse_skip_list("Plugin.Versions*  # first\nPlugin.*  # second\n", "s");
  ASSERT_NE(find_skip(entries, "Plugin.VersionsNameTheDevice"), nullptr);
  EXPECT_EQ(find_skip(entries, "Plugin.VersionsNameTheDevice")->reason, "first");
  EXPECT_EQ(find_skip(entries, "Plugin.Other")->reason, "second");
  EXPECT_EQ(find_skip(entries, "Remote.Other"), nullptr);
}

}  // namespace
}  // namespace ferry::conformance::runner
