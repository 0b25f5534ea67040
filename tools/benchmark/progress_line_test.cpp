#include "progress_line.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace ferry::tools {
namespace {

TEST(ProgressLine, DisabledDrawsNothing) {
  std::ostringstream out;
  ProgressLine line(out, false);
  EXPECT_FALSE(line.update(0.5, 10, 1.0));
  line.finish(1.0, 20, 2.0);
  EXPECT_EQ(out.str(), "");
}

TEST(ProgressLine, RedrawsAtMostEveryInterval) {
  std::ostringstream out;
  ProgressLine line(out, true);
  const auto start = ProgressLine::Clock::time_point{} + std::chrono::hours(1);
  EXPECT_TRUE(line.update(0.0, 0, 0.0, start));
  EXPECT_FALSE(line.update(0.1, 5, 0.1, start + std::chrono::milliseconds(100)));
  EXPECT_FALSE(line.update(0.2, 9, 0.4, start + std::chrono::milliseconds(499)));
  EXPECT_TRUE(line.update(0.5, 12, 0.5, start + std::chrono::milliseconds(500)));
  EXPECT_EQ(out.str(),
            "\r[..............................]   0% 0 iterations 0.0 s"
            "\r[###############...............]  50% 12 iterations 0.5 s");
}

TEST(ProgressLine, FinishDrawsTheEndAndANewline) {
  std::ostringstream out;
  ProgressLine line(out, true);
  line.update(0.25, 1, 0.25);
  out.str("");
  line.finish(1.5, 40, 1.0);  // clamped to 100 %
  EXPECT_EQ(out.str(), "\r[##############################] 100% 40 iterations 1.0 s\n");
}

TEST(ProgressLine, FinishWithoutAnyDrawIsSilent) {
  std::ostringstream out;
  ProgressLine line(out, true);
  line.finish(1.0, 3, 0.1);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace ferry::tools
