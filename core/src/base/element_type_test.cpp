#include "ferry/base/element_type.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <type_traits>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

TEST(ElementType, SizesAndBitwidths) {
  EXPECT_EQ(element::f32.size(), 4u);
  EXPECT_EQ(element::f16.size(), 2u);
  EXPECT_EQ(element::bf16.bitwidth(), 16u);
  EXPECT_EQ(element::f64.size(), 8u);
  EXPECT_EQ(element::i64.size(), 8u);
  EXPECT_EQ(element::boolean.size(), 1u);
  EXPECT_EQ(element::u1.bitwidth(), 1u);
  EXPECT_EQ(element::u1.size(), 1u);  // rounded up
  EXPECT_EQ(element::i4.bitwidth(), 4u);
  EXPECT_EQ(element::u4.size(), 1u);
  EXPECT_EQ(element::dynamic.size(), 0u);
  EXPECT_EQ(element::undefined.bitwidth(), 0u);
}

TEST(ElementType, Classification) {
  EXPECT_TRUE(element::f16.is_real());
  EXPECT_FALSE(element::i32.is_real());
  EXPECT_TRUE(element::i32.is_integral());
  EXPECT_TRUE(element::boolean.is_integral());
  EXPECT_FALSE(element::boolean.is_integral_number());
  EXPECT_TRUE(element::i8.is_signed());
  EXPECT_FALSE(element::u8.is_signed());
  EXPECT_TRUE(element::f32.is_signed());
  EXPECT_TRUE(element::f32.is_static());
  EXPECT_FALSE(element::dynamic.is_static());
  EXPECT_TRUE(element::dynamic.is_dynamic());
  EXPECT_FALSE(element::undefined.is_static());
  EXPECT_FALSE(element::undefined.is_dynamic());
}

TEST(ElementType, NamesRoundTrip) {
  const element::Type all[] = {element::boolean, element::bf16,    element::f16,      element::f32, element::f64,
                               element::i4,      element::i8,      element::i16,      element::i32, element::i64,
                               element::u1,      element::u4,      element::u8,       element::u16, element::u32,
                               element::u64,     element::dynamic, element::undefined};
  for (const auto& type : all) {
    EXPECT_EQ(element::Type::from_string(type.get_type_name()), type) << type;
    EXPECT_EQ(element::Type::from_string(type.get_precision_name()), type) << type;
  }
  EXPECT_EQ(element::f32.get_type_name(), "f32");
  EXPECT_EQ(element::boolean.to_string(), "boolean");
  EXPECT_EQ(element::f16.get_precision_name(), "FP16");
  EXPECT_EQ(element::Type::from_string("BOOL"), element::boolean);
  std::ostringstream out;
  out << element::u4;
  EXPECT_EQ(out.str(), "u4");
}

TEST(ElementType, UnknownNameThrowsNamingIt) {
  try {
    element::Type::from_string("f17");
    FAIL();
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("'f17'"), std::string::npos);
  }
}

TEST(ElementType, CompatibleAndMerge) {
  EXPECT_TRUE(element::dynamic.compatible(element::f32));
  EXPECT_TRUE(element::f32.compatible(element::dynamic));
  EXPECT_FALSE(element::f32.compatible(element::f16));
  element::Type merged;
  EXPECT_TRUE(element::Type::merge(merged, element::dynamic, element::i32));
  EXPECT_EQ(merged, element::i32);
  EXPECT_TRUE(element::Type::merge(merged, element::i64, element::dynamic));
  EXPECT_EQ(merged, element::i64);
  EXPECT_FALSE(element::Type::merge(merged, element::i64, element::i32));
}

TEST(ElementType, FromAndFundamentalTypes) {
  static_assert(element::from<float>() == element::f32);
  static_assert(element::from<int64_t>() == element::i64);
  static_assert(element::from<ferry::float16>() == element::f16);
  static_assert(element::from<bool>() == element::boolean);
  static_assert(std::is_same<element::fundamental_type_for_t<element::Type_t::boolean>, char>::value);
  static_assert(std::is_same<element::fundamental_type_for_t<element::Type_t::bf16>, bfloat16>::value);
  static_assert(std::is_same<element::fundamental_type_for_t<element::Type_t::u1>, uint8_t>::value);
  static_assert(std::is_same<element::fundamental_type_for_t<element::Type_t::i4>, int8_t>::value);
  switch (element::f32) {  // usable in a switch through Type_t
    case element::Type_t::f32:
      SUCCEED();
      break;
    default:
      FAIL();
  }
}

}  // namespace
}  // namespace ferry
