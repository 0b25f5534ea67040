#include "expected_failures.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

std::string error_of(const std::string& text) {
  return ::ferry::testing::error_of([&] { parse_expected_failures(text, "list.txt"); });
}

TEST(ExpectedFailures, ParsesEntriesCommentsAndBlankLines) {
  const auto list = parse_expected_failures(
      "# header\n\nnode/test_det_2d  # no Det op yet\n  simple/test_x#reason with # inside  \n", "list.txt");
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list.at("node/test_det_2d"), "no Det op yet");
  EXPECT_EQ(list.at("simple/test_x"), "reason with # inside");
}

TEST(ExpectedFailures, AnEntryWithoutAReasonFailsNamingItsLine) {
  const std::string missing = error_of("node/a  # ok\nnode/test_det_2d\n");
  EXPECT_NE(missing.find("list.txt:2"), std::string::npos) << missing;
  EXPECT_NE(missing.find("node/test_det_2d"), std::string::npos) << missing;
  EXPECT_NE(missing.find("no reason"), std::string::npos) << missing;
  const std::string empty = error_of("\n\nnode/b   #   \n");
  EXPECT_NE(empty.find("list.txt:3"), std::string::npos) << empty;
  EXPECT_NE(empty.find("empty reason"), std::string::npos) << empty;
}

TEST(ExpectedFailures, RejectsDuplicatesAndMalformedIds) {
  EXPECT_NE(error_of("node/a # x\nnode/a # y\n").find("listed twice"), std::string::npos);
  EXPECT_NE(error_of("test_abs # x\n").find("not a case id"), std::string::npos);
  EXPECT_NE(error_of("node/a/b # x\n").find("not a case id"), std::string::npos);
  EXPECT_NE(error_of("node/a b # x\n").find("not a case id"), std::string::npos);
}

TEST(ExpectedFailures, ReadingAMissingFileNamesIt) {
  try {
    read_expected_failures("/nonexistent/expected.txt");
    FAIL() << "no error";
  } catch (const Exception& error) {
    EXPECT_NE(std::string(error.what()).find("/nonexistent/expected.txt"), std::string::npos);
  }
}

TEST(ExpectedFailures, UpdateKeepsHandWrittenReasonsRefreshesAutoOnesAndDropsPassingCases) {
  const ExpectedFailures old_list = {{"node/hand", "needs a Det kernel"},
                                     {"node/auto", "auto: unsupported: old message"},
                                     {"node/fixed", "was broken"}};
  const std::map<std::string, std::string> failing = {{"node/hand", "unsupported: x"},
                                                      {"node/auto", "failed: new\nmessage"},
                                                      {"node/new", "crashed: killed by signal 11"}};
  const auto updated = updated_expected_failures(old_list, failing);
  ASSERT_EQ(updated.size(), 3u);
  EXPECT_EQ(updated.at("node/hand"), "needs a Det kernel");
  EXPECT_EQ(updated.at("node/auto"), "auto: failed: new message");
  EXPECT_EQ(updated.at("node/new"), "auto: crashed: killed by signal 11");
  EXPECT_EQ(updated.count("node/fixed"), 0u);
  // The written text reads back as the same list.
  EXPECT_EQ(parse_expected_failures(format_expected_failures(updated), "written"), updated);
}

}  // namespace
}  // namespace onnx_backend
}  // namespace ferry
