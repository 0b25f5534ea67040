#include "ferry/base/partial_shape.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

using op::AutoBroadcastSpec;
using op::AutoBroadcastType;

TEST(PartialShape, RankAndStaticness) {
  PartialShape shape{1, Dimension(), Dimension(3, 5)};
  EXPECT_EQ(shape.rank(), Dimension(3));
  EXPECT_TRUE(shape.is_dynamic());
  EXPECT_EQ(shape.size(), 3u);
  EXPECT_EQ(shape[2], Dimension(3, 5));
  EXPECT_TRUE(PartialShape::dynamic().rank().is_dynamic());
  EXPECT_EQ(PartialShape::dynamic(2), (PartialShape{Dimension(), Dimension()}));
  EXPECT_TRUE(PartialShape().is_static());  // a scalar
  EXPECT_EQ(PartialShape(Shape{2, 3}).to_shape(), (Shape{2, 3}));
  EXPECT_EQ(PartialShape(std::vector<int64_t>{2, -1}), (PartialShape{2, Dimension()}));
  EXPECT_THROW(shape.to_shape(), Exception);
}

TEST(PartialShape, MinMaxShapes) {
  PartialShape shape{2, Dimension(1, 8), Dimension()};
  EXPECT_EQ(shape.get_min_shape(), (Shape{2, 1, 0}));
  EXPECT_EQ(shape.get_max_shape(), (Shape{2, 8, std::numeric_limits<size_t>::max()}));
  EXPECT_FALSE(shape.is_bounded());
  EXPECT_TRUE((PartialShape{2, Dimension(1, 8)}).is_bounded());
  EXPECT_THROW(PartialShape::dynamic().get_min_shape(), Exception);
}

TEST(PartialShape, PrintAndParse) {
  EXPECT_EQ((PartialShape{1, Dimension(), Dimension(3, 5)}).to_string(), "[1,?,3..5]");
  EXPECT_EQ(PartialShape::dynamic().to_string(), "[...]");
  EXPECT_EQ(PartialShape().to_string(), "[]");
  for (const char* text : {"[1,?,3..5]", "[...]", "[]", "[..10,2..]", "[0]"}) {
    EXPECT_EQ(PartialShape(text).to_string(), text);
  }
  EXPECT_EQ(PartialShape::parse("1, 2 ,?"), (PartialShape{1, 2, Dimension()}));
  EXPECT_THROW(PartialShape::parse("[1,x]"), Exception);
  EXPECT_THROW(PartialShape::parse("[1,2"), Exception);
  EXPECT_THROW(PartialShape::parse("[1,]"), Exception);
  std::ostringstream out;
  out << PartialShape("[2,?]");
  EXPECT_EQ(out.str(), "[2,?]");
}

TEST(PartialShape, CompatibleRefinesSameScheme) {
  const PartialShape a("[2,?,4]");
  EXPECT_TRUE(a.compatible(PartialShape("[2,3,4]")));
  EXPECT_TRUE(a.compatible(PartialShape::dynamic()));
  EXPECT_FALSE(a.compatible(PartialShape("[2,3]")));
  EXPECT_FALSE(a.compatible(PartialShape("[3,3,4]")));
  EXPECT_TRUE(PartialShape("[2,3,4]").refines(a));
  EXPECT_FALSE(a.refines(PartialShape("[2,3,4]")));
  EXPECT_TRUE(a.refines(PartialShape::dynamic()));
  EXPECT_FALSE(PartialShape::dynamic().refines(a));
  EXPECT_TRUE(a.same_scheme(PartialShape("[2,?,4]")));
  EXPECT_FALSE(a.same_scheme(PartialShape("[2,1..3,4]")));
}

TEST(PartialShape, MergeInto) {
  PartialShape dst("[2,?,1..10]");
  EXPECT_TRUE(PartialShape::merge_into(dst, PartialShape("[?,3,5..20]")));
  EXPECT_EQ(dst, PartialShape("[2,3,5..10]"));
  PartialShape dynamic_rank = PartialShape::dynamic();
  EXPECT_TRUE(PartialShape::merge_into(dynamic_rank, PartialShape("[4]")));
  EXPECT_EQ(dynamic_rank, PartialShape("[4]"));
  EXPECT_TRUE(PartialShape::merge_into(dst, PartialShape::dynamic()));
  EXPECT_EQ(dst, PartialShape("[2,3,5..10]"));
  EXPECT_FALSE(PartialShape::merge_into(dst, PartialShape("[2,3]")));
  PartialShape other("[2,4,5]");
  EXPECT_FALSE(PartialShape::merge_into(other, PartialShape("[2,5,5]")));
}

TEST(PartialShape, NumpyBroadcast) {
  const AutoBroadcastSpec numpy(AutoBroadcastType::NUMPY);
  PartialShape dst("[8,1,6,1]");
  EXPECT_TRUE(PartialShape::broadcast_merge_into(dst, PartialShape("[7,1,5]"), numpy));
  EXPECT_EQ(dst, PartialShape("[8,7,6,5]"));
  dst = PartialShape("[?,3]");
  EXPECT_TRUE(PartialShape::broadcast_merge_into(dst, PartialShape("[4,1..5,1]"), numpy));
  EXPECT_EQ(dst, PartialShape("[4,?,3]"));
  dst = PartialShape("[2,3]");
  EXPECT_FALSE(PartialShape::broadcast_merge_into(dst, PartialShape("[4]"), numpy));
  dst = PartialShape("[2,3]");
  EXPECT_TRUE(PartialShape::broadcast_merge_into(dst, PartialShape::dynamic(), numpy));
  EXPECT_TRUE(dst.rank().is_dynamic());
}

TEST(PartialShape, NoneAndPdpdBroadcast) {
  PartialShape dst("[2,3]");
  EXPECT_FALSE(PartialShape::broadcast_merge_into(dst, PartialShape("[1,3]"), AutoBroadcastType::NONE));
  dst = PartialShape("[2,?]");
  EXPECT_TRUE(PartialShape::broadcast_merge_into(dst, PartialShape("[2,3]"), AutoBroadcastType::NONE));
  EXPECT_EQ(dst, PartialShape("[2,3]"));
  dst = PartialShape("[2,3,4,5]");
  EXPECT_TRUE(
      PartialShape::broadcast_merge_into(dst, PartialShape("[3,4]"), AutoBroadcastSpec(AutoBroadcastType::PDPD, 1)));
  EXPECT_EQ(dst, PartialShape("[2,3,4,5]"));
  EXPECT_FALSE(
      PartialShape::broadcast_merge_into(dst, PartialShape("[4,4]"), AutoBroadcastSpec(AutoBroadcastType::PDPD, 1)));
}

}  // namespace
}  // namespace ferry
