#include "ferry/base/dimension.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

TEST(Dimension, Kinds) {
  Dimension five(5);
  EXPECT_TRUE(five.is_static());
  EXPECT_TRUE(five.is_bounded());
  EXPECT_EQ(five.get_length(), 5);
  EXPECT_TRUE(Dimension().is_dynamic());
  EXPECT_EQ(Dimension(-1), Dimension::dynamic());
  EXPECT_FALSE(Dimension().is_bounded());
  EXPECT_EQ(Dimension().get_max_length(), -1);
  Dimension interval(1, 10);
  EXPECT_TRUE(interval.is_dynamic());
  EXPECT_TRUE(interval.is_bounded());
  EXPECT_EQ(interval.get_min_length(), 1);
  EXPECT_EQ(interval.get_max_length(), 10);
  EXPECT_EQ(Dimension(3, 3), Dimension(3));
  EXPECT_THROW(Dimension().get_length(), Exception);
  EXPECT_THROW(Dimension(-2), Exception);
  EXPECT_THROW(Dimension(5, 2), Exception);
}

TEST(Dimension, PrintAndParse) {
  EXPECT_EQ(Dimension(5).to_string(), "5");
  EXPECT_EQ(Dimension().to_string(), "?");
  EXPECT_EQ(Dimension(1, 10).to_string(), "1..10");
  EXPECT_EQ(Dimension(0, 10).to_string(), "..10");
  EXPECT_EQ(Dimension(2, -1).to_string(), "2..");
  for (const Dimension& d :
       {Dimension(0), Dimension(7), Dimension(), Dimension(1, 10), Dimension(0, 10), Dimension(2, -1)}) {
    EXPECT_EQ(Dimension::parse(d.to_string()), d) << d;
  }
  EXPECT_EQ(Dimension::parse("-1"), Dimension());
  EXPECT_EQ(Dimension::parse(" 3 .. 4 "), Dimension(3, 4));
  EXPECT_THROW(Dimension::parse(""), Exception);
  EXPECT_THROW(Dimension::parse("abc"), Exception);
  EXPECT_THROW(Dimension::parse(".."), Exception);
  EXPECT_THROW(Dimension::parse("5..2"), Exception);
  EXPECT_THROW(Dimension::parse("-3"), Exception);
  std::ostringstream out;
  out << Dimension(4, 8);
  EXPECT_EQ(out.str(), "4..8");
}

TEST(Dimension, CompatibleMergeRefines) {
  EXPECT_TRUE(Dimension(3).compatible(Dimension()));
  EXPECT_TRUE(Dimension(3).compatible(Dimension(1, 5)));
  EXPECT_FALSE(Dimension(6).compatible(Dimension(1, 5)));
  EXPECT_FALSE(Dimension(2).compatible(Dimension(3)));
  Dimension merged;
  EXPECT_TRUE(Dimension::merge(merged, Dimension(1, 10), Dimension(5, -1)));
  EXPECT_EQ(merged, Dimension(5, 10));
  EXPECT_TRUE(Dimension::merge(merged, Dimension(), Dimension(4)));
  EXPECT_EQ(merged, Dimension(4));
  EXPECT_FALSE(Dimension::merge(merged, Dimension(1, 3), Dimension(4, 5)));
  EXPECT_EQ(merged, Dimension(4));  // untouched on failure
  EXPECT_TRUE(Dimension(4).refines(Dimension(1, 5)));
  EXPECT_FALSE(Dimension(1, 6).refines(Dimension(1, 5)));
  EXPECT_TRUE(Dimension(1, 5).same_scheme(Dimension(1, 5)));
  EXPECT_FALSE(Dimension(1, 5).same_scheme(Dimension()));
  EXPECT_TRUE(Dimension().same_scheme(Dimension()));
}

TEST(Dimension, BroadcastMerge) {
  Dimension d;
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(1), Dimension(7)));
  EXPECT_EQ(d, Dimension(7));
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(7), Dimension(1)));
  EXPECT_EQ(d, Dimension(7));
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(7), Dimension(7)));
  EXPECT_FALSE(Dimension::broadcast_merge(d, Dimension(7), Dimension(3)));
  // ? may be 1 (result 7) or 7: the result is 7.
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(), Dimension(7)));
  EXPECT_EQ(d, Dimension(7));
  // 2..5 cannot be 1: it must equal the other one, narrowed.
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(2, 5), Dimension(3, 8)));
  EXPECT_EQ(d, Dimension(3, 5));
  EXPECT_FALSE(Dimension::broadcast_merge(d, Dimension(2, 3), Dimension(4, 8)));
  // Both may be 1: either could win.
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(1, 4), Dimension(0, 9)));
  EXPECT_EQ(d, Dimension(0, 9));
  EXPECT_TRUE(Dimension::broadcast_merge(d, Dimension(), Dimension()));
  EXPECT_EQ(d, Dimension());
}

TEST(Dimension, IntervalArithmetic) {
  EXPECT_EQ(Dimension(2) + Dimension(3), Dimension(5));
  EXPECT_EQ(Dimension(1, 4) + Dimension(2, 3), Dimension(3, 7));
  EXPECT_EQ(Dimension(1, 4) + Dimension(), Dimension(1, -1));
  EXPECT_EQ(Dimension(10) - Dimension(3), Dimension(7));
  EXPECT_EQ(Dimension(5, 10) - Dimension(1, 3), Dimension(2, 9));
  EXPECT_EQ(Dimension(2) - Dimension(5), Dimension(0));  // clamps at zero
  EXPECT_EQ(Dimension(5, 10) - Dimension(), Dimension(0, 10));
  EXPECT_EQ(Dimension(2, 3) * Dimension(4, 5), Dimension(8, 15));
  EXPECT_EQ(Dimension(2) * Dimension(), Dimension(0, -1));
  EXPECT_EQ(Dimension(0) * Dimension(), Dimension(0));
  EXPECT_EQ(Dimension(1, 10) & Dimension(5, 20), Dimension(5, 10));
  EXPECT_THROW(Dimension(1, 3) & Dimension(4), Exception);
  Dimension huge(int64_t(1) << 62);
  EXPECT_FALSE((huge * huge).is_bounded());  // saturates instead of overflowing
}

}  // namespace
}  // namespace ferry
