#include "ir_text.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace ir {
namespace {

#define EXPECT_THROW_WITH(statement, fragment)                                      \
  try {                                                                             \
    statement;                                                                      \
    ADD_FAILURE() << "no exception from " #statement;                               \
  } catch (const Exception& e) {                                                    \
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what(); \
  }

TEST(IrTextTest, ParsesIntegersStrictly) {
  EXPECT_EQ(parse_int64("42"), 42);
  EXPECT_EQ(parse_int64(" -7 "), -7);
  EXPECT_EQ(parse_int64("+3"), 3);
  EXPECT_EQ(parse_int64("-9223372036854775808"), std::numeric_limits<int64_t>::min());
  EXPECT_THROW_WITH(parse_int64("4x"), "'4x' is not a 64-bit integer");
  EXPECT_THROW_WITH(parse_int64(""), "is not a 64-bit integer");
  EXPECT_THROW_WITH(parse_int64("1.5"), "is not");
  EXPECT_THROW_WITH(parse_int64("9223372036854775808"), "out of range");
  EXPECT_EQ(parse_uint64("18446744073709551615"), std::numeric_limits<uint64_t>::max());
  EXPECT_THROW_WITH(parse_uint64("-1"), "negative");
}

TEST(IrTextTest, ParsesBooleansAndNumbers) {
  EXPECT_TRUE(parse_bool("true"));
  EXPECT_TRUE(parse_bool("True"));
  EXPECT_FALSE(parse_bool("false"));
  EXPECT_FALSE(parse_bool("0"));
  EXPECT_THROW_WITH(parse_bool("yes"), "'yes' is not a boolean");
  EXPECT_DOUBLE_EQ(parse_double("0.25"), 0.25);
  EXPECT_DOUBLE_EQ(parse_double("-1e-3"), -1e-3);
  EXPECT_TRUE(std::isinf(parse_double("-inf")));
  EXPECT_TRUE(std::isnan(parse_double("nan")));
  EXPECT_THROW_WITH(parse_double("1,5"), "'1,5' is not a number");
}

TEST(IrTextTest, ParsesListsAsOpenVinoWritesThem) {
  EXPECT_EQ(parse_int64_list("1, 2,3"), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_TRUE(parse_int64_list("").empty());
  EXPECT_TRUE(parse_int64_list("  ").empty());
  EXPECT_EQ(parse_uint64_list("8, 6"), (std::vector<uint64_t>{8, 6}));
  EXPECT_THROW_WITH(parse_int64_list("1,,2"), "empty item");
  EXPECT_THROW_WITH(parse_int64_list("1,2,"), "empty item");
  EXPECT_THROW_WITH(parse_uint64_list("2, x"), "'x' is not");
  EXPECT_EQ(parse_double_list("0.5, -2"), (std::vector<double>{0.5, -2.0}));
}

TEST(IrTextTest, ParsesShapesWithBoundsAndDynamicRank) {
  const PartialShape shape = parse_partial_shape("?,1..10,8");
  ASSERT_EQ(shape.size(), 3u);
  EXPECT_TRUE(shape[0].is_unbounded_dynamic());
  EXPECT_EQ(shape[1], Dimension(1, 10));
  EXPECT_EQ(shape[2], Dimension(8));
  EXPECT_TRUE(parse_partial_shape("...").rank().is_dynamic());
  EXPECT_EQ(parse_partial_shape("").rank(), Dimension(0));
  EXPECT_EQ(parse_partial_shape("2..,..5,3")[0], Dimension(2, -1));
  EXPECT_THROW(parse_partial_shape("1,a"), Exception);
  EXPECT_EQ(format_partial_shape(shape), "?,1..10,8");
  EXPECT_EQ(format_partial_shape(PartialShape::dynamic()), "...");
  EXPECT_EQ(format_partial_shape(PartialShape{}), "");
}

TEST(IrTextTest, FormatsNumbersSoTheyParseBackExactly) {
  for (double value : {0.1, 1.0 / 3.0, -2.5e-300, 1e300, 0.0}) EXPECT_EQ(parse_double(format_double(value)), value);
  for (float value : {0.1f, 1.0f / 3.0f, 3.4e38f, -1e-40f})
    EXPECT_EQ(static_cast<float>(parse_double(format_float(value))), value);
  EXPECT_EQ(format_float(0.5f), "0.5");
  EXPECT_EQ(format_double(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(format_list(std::vector<int64_t>{1, 2}, [](int64_t v) { return std::to_string(v); }), "1, 2");
}

TEST(IrTextTest, TensorNamesEscapeCommas) {
  EXPECT_EQ(parse_tensor_names("a,b"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(parse_tensor_names("x\\,y,z"), (std::vector<std::string>{"x,y", "z"}));
  EXPECT_TRUE(parse_tensor_names("").empty());
  EXPECT_EQ(format_tensor_names({"x,y", "z"}), "x\\,y,z");
  EXPECT_EQ(parse_tensor_names(format_tensor_names({"p,", ",q"})), (std::vector<std::string>{"p,", ",q"}));
}

}  // namespace
}  // namespace ir
}  // namespace ferry
