#include "stop_condition.hpp"

#include <gtest/gtest.h>

namespace ferry::tools {
namespace {

TEST(StopCondition, IterationLimit) {
  const StopCondition stop{10, 0};
  EXPECT_FALSE(stop.reached(9, 1e6));
  EXPECT_TRUE(stop.reached(10, 0));
  EXPECT_DOUBLE_EQ(stop.fraction(5, 1e6), 0.5);
}

TEST(StopCondition, TimeLimit) {
  const StopCondition stop{0, 2.0};
  EXPECT_FALSE(stop.reached(1000000, 1.99));
  EXPECT_TRUE(stop.reached(0, 2.0));
  EXPECT_DOUBLE_EQ(stop.fraction(7, 0.5), 0.25);
}

TEST(StopCondition, BothLimitsWhicheverComesFirst) {
  const StopCondition stop{100, 1.0};
  EXPECT_TRUE(stop.reached(100, 0.1));
  EXPECT_TRUE(stop.reached(3, 1.0));
  EXPECT_FALSE(stop.reached(99, 0.9));
  EXPECT_DOUBLE_EQ(stop.fraction(10, 0.5), 0.5);
  EXPECT_DOUBLE_EQ(stop.fraction(200, 3.0), 1.0);
}

}  // namespace
}  // namespace ferry::tools
