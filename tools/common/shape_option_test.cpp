#include "shape_option.hpp"

#include <gtest/gtest.h>

#include "arg_parser.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry::tools {
namespace {

std::string error_of(const std::string& text) {
  return ::ferry::testing::error_of<UsageError>([&] { parse_shape_option(text); });
}

TEST(ShapeOption, UnnamedShape) {
  const auto specs = parse_shape_option("[1,3,224,224]");
  ASSERT_EQ(specs.size(), 1u);
  EXPECT_EQ(specs[0].input_name, "");
  EXPECT_EQ(specs[0].dims, "[1,3,224,224]");
}

TEST(ShapeOption, NamedShapes) {
  const auto specs = parse_shape_option("image[1,3,16,16],mask[?,2..4]");
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].input_name, "image");
  EXPECT_EQ(specs[0].dims, "[1,3,16,16]");
  EXPECT_EQ(specs[1].input_name, "mask");
  EXPECT_EQ(specs[1].dims, "[?,2..4]");
}

TEST(ShapeOption, MalformedTextNamesTheFlag) {
  for (const char* bad : {"", "1,3,224", "[1,3", "a[1]b[2]", "a[1],", "[1],[2]", "a[1],a[2]", "a,b[1]"}) {
    const std::string error = error_of(bad);
    EXPECT_EQ(error.rfind("-shape: ", 0), 0u) << "'" << bad << "' gave '" << error << "'";
  }
  EXPECT_NE(error_of("a[1],a[2]").find("input 'a' given twice"), std::string::npos);
}

}  // namespace
}  // namespace ferry::tools
