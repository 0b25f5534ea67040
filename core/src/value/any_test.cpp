#include "ferry/value/any.hpp"
#include "ferry/testing/error_of.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace ferry {
enum class AnyTestEnum { A };  // in ferry, where Any's operator<< is
}  // namespace ferry

namespace {

using ferry::Any;
using ferry::AnyMap;

struct NotPrintable {
  int x = 0;
};

enum class Color { RED, GREEN };
std::ostream& operator<<(std::ostream& out, Color c) { return out << (c == Color::RED ? "RED" : "GREEN"); }
std::istream& operator>>(std::istream& in, Color& c) {
  std::string word;
  in >> word;
  if (word == "RED") {
    c = Color::RED;
  } else if (word == "GREEN") {
    c = Color::GREEN;
  } else {
    in.setstate(std::ios::failbit);
  }
  return in;
}

using ::ferry::testing::error_of;

// A type of namespace ferry without operator<< must not look printable through the conversion
// to Any that argument-dependent lookup finds (printing it would then recurse forever).
static_assert(!ferry::util::has_output_operator<ferry::AnyTestEnum>::value, "an enum without operator<<");
static_assert(ferry::util::has_output_operator<Any>::value, "an Any prints its value");

TEST(Any, TypesWithoutOutputOperatorAreNotPrintable) {
  const Any value = ferry::AnyTestEnum::A;
  std::ostringstream out;
  EXPECT_THROW(out << value, ferry::Exception);
}

TEST(Any, EmptyByDefault) {
  Any a;
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.type_info(), typeid(void));
  EXPECT_FALSE(a.is<int>());
  Any b = nullptr;
  EXPECT_TRUE(b.empty());
  EXPECT_EQ(a, b);
  EXPECT_NE(a, Any(1));
  EXPECT_NE(error_of([&] { (void)a.as<int>(); }).find("empty"), std::string::npos);
}

TEST(Any, RoundTripsValues) {
  Any i = 42;
  EXPECT_TRUE(i.is<int>());
  EXPECT_EQ(i.as<int>(), 42);
  i.as<int>() = 7;  // as<T>() gives the stored value itself
  EXPECT_EQ(i.as<int>(), 7);

  Any s = "text";  // character pointers are stored as std::string
  EXPECT_TRUE(s.is<std::string>());
  EXPECT_EQ(s.as<std::string>(), "text");

  std::vector<float> v{1.5f, 2.f};
  Any vec = v;
  EXPECT_EQ(vec.as<std::vector<float>>(), v);

  int x = 0;
  Any ptr = static_cast<void*>(&x);
  EXPECT_EQ(ptr.as<void*>(), &x);

  auto shared = std::make_shared<int>(3);
  Any sp = shared;
  EXPECT_EQ(sp.as<std::shared_ptr<int>>().get(), shared.get());
}

TEST(Any, CopiesAreDeep) {
  Any a = std::vector<int>{1, 2};
  Any b = a;
  b.as<std::vector<int>>().push_back(3);
  EXPECT_EQ(a.as<std::vector<int>>().size(), 2u);
  EXPECT_EQ(b.as<std::vector<int>>().size(), 3u);
  Any moved = std::move(b);
  EXPECT_EQ(moved.as<std::vector<int>>().size(), 3u);
  a = moved;
  EXPECT_EQ(a.as<std::vector<int>>().size(), 3u);
}

TEST(Any, WrongCastNamesBothTypes) {
  Any a = std::vector<int>{1};
  const std::string message = error_of([&] { (void)a.as<std::map<int, int>>(); });
  EXPECT_NE(message.find("std::vector<int"), std::string::npos) << message;
  EXPECT_NE(message.find("std::map<int, int"), std::string::npos) << message;

  Any np = NotPrintable{};
  const std::string m2 = error_of([&] { (void)np.as<int>(); });
  EXPECT_NE(m2.find("NotPrintable"), std::string::npos) << m2;
  EXPECT_NE(m2.find("int"), std::string::npos) << m2;
}

TEST(Any, ParsesStrings) {
  EXPECT_EQ(Any("4").as<int>(), 4);
  EXPECT_EQ(Any(" -12 ").as<long long>(), -12);
  EXPECT_EQ(Any("4000000000").as<uint32_t>(), 4000000000u);
  EXPECT_FLOAT_EQ(Any("2.5").as<float>(), 2.5f);
  EXPECT_EQ(Any("1 2 3").as<std::vector<int>>(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(Any("b a b").as<std::set<std::string>>(), (std::set<std::string>{"a", "b"}));
  EXPECT_EQ(Any("GREEN").as<Color>(), Color::GREEN);
  EXPECT_EQ(Any("YES").as<bool>(), true);
  EXPECT_EQ(Any("false").as<bool>(), false);
  EXPECT_EQ(Any("-5").as<int8_t>(), -5);  // a number, not the character '-'
  using Range = std::tuple<unsigned, unsigned, unsigned>;
  EXPECT_EQ(Any("1 4 8").as<Range>(), std::make_tuple(1u, 4u, 8u));
  const auto map = Any("{a: 1, b: 2}").as<std::map<std::string, int>>();
  EXPECT_EQ(map, (std::map<std::string, int>{{"a", 1}, {"b", 2}}));
  using IntMap = std::map<std::string, int>;
  EXPECT_TRUE(Any("{}").as<IntMap>().empty());
}

TEST(Any, ParseFailuresNameTextAndType) {
  const std::string m = error_of([] { (void)Any("4x").as<int>(); });
  EXPECT_NE(m.find("'4x'"), std::string::npos) << m;
  EXPECT_NE(m.find("int"), std::string::npos) << m;
  EXPECT_NE(error_of([] { (void)Any("-1").as<unsigned>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("300").as<uint8_t>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("2.5").as<int>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("maybe").as<bool>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("1 x 3").as<std::vector<int>>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("1 2").as<std::tuple<int, int, int>>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("{a 1}").as<std::map<std::string, int>>(); }), "<no exception>");
  EXPECT_NE(error_of([] { (void)Any("{a: 1").as<std::map<std::string, int>>(); }), "<no exception>");
  const std::string m2 = error_of([] { (void)Any("BLUE").as<Color>(); });
  EXPECT_NE(m2.find("'BLUE'"), std::string::npos) << m2;
  EXPECT_NE(m2.find("Color"), std::string::npos) << m2;
}

TEST(Any, ConvertsPrintableValuesThroughText) {
  EXPECT_EQ(Any(4).as<unsigned>(), 4u);
  EXPECT_EQ(Any(Color::RED).as<std::string>(), "RED");
  EXPECT_NE(error_of([] { (void)Any(-4).as<unsigned>(); }), "<no exception>");
}

TEST(Any, PrintsValues) {
  EXPECT_EQ(Any(12).as<std::string>(), "12");
  EXPECT_EQ(Any(true).as<std::string>(), "YES");
  EXPECT_EQ(Any(false).as<std::string>(), "NO");
  EXPECT_EQ(Any(std::vector<int>{1, 2, 3}).as<std::string>(), "1 2 3");
  EXPECT_EQ(Any(std::vector<std::string>{"GPU.0", "GPU.1"}).as<std::string>(), "GPU.0 GPU.1");
  EXPECT_EQ(Any(std::set<int>{3, 1}).as<std::string>(), "1 3");
  EXPECT_EQ(Any(std::map<std::string, float>{{"f16", 1.5f}, {"f32", 2.f}}).as<std::string>(), "{f16: 1.5, f32: 2}");
  EXPECT_EQ(Any(std::make_tuple(1u, 2u)).as<std::string>(), "1 2");
  EXPECT_EQ(Any(Color::GREEN).as<std::string>(), "GREEN");
  EXPECT_EQ(Any(uint8_t{200}).as<std::string>(), "200");

  AnyMap nested{{"CPU", AnyMap{{"NUM_STREAMS", 4}}}, {"CACHE_DIR", "/tmp/c"}};
  std::ostringstream out;
  out << nested;
  EXPECT_EQ(out.str(), "{CACHE_DIR: /tmp/c, CPU: {NUM_STREAMS: 4}}");
  EXPECT_EQ(Any(nested).as<std::string>(), out.str());

  const std::string m = error_of([] { (void)Any(NotPrintable{}).as<std::string>(); });
  EXPECT_NE(m.find("NotPrintable"), std::string::npos) << m;
}

TEST(Any, AnyMapRoundTripsThroughText) {
  AnyMap nested{{"CPU", AnyMap{{"NUM_STREAMS", 4}}}, {"CACHE_DIR", "/tmp/c"}};
  const std::string text = Any(nested).as<std::string>();
  const AnyMap parsed = Any(text).as<AnyMap>();
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed.at("CACHE_DIR").as<std::string>(), "/tmp/c");
  // Nested values stay text until read as a type.
  const AnyMap cpu = parsed.at("CPU").as<AnyMap>();
  EXPECT_EQ(cpu.at("NUM_STREAMS").as<int>(), 4);
}

TEST(Any, Equality) {
  EXPECT_EQ(Any(3), Any(3));
  EXPECT_NE(Any(3), Any(4));
  EXPECT_NE(Any(3), Any(3u));   // different types with no text involved
  EXPECT_EQ(Any("3"), Any(3));  // text against a value compares the value's text
  EXPECT_EQ(Any(Color::RED), Any("RED"));
  EXPECT_EQ(Any(std::vector<int>{1, 2}), Any(std::vector<int>{1, 2}));
  EXPECT_EQ(Any(AnyMap{{"A", 1}}), Any(AnyMap{{"A", 1}}));
  EXPECT_NE(Any(AnyMap{{"A", 1}}), Any(AnyMap{{"A", 2}}));
  const std::string m = error_of([] { (void)(Any(NotPrintable{}) == Any(NotPrintable{})); });
  EXPECT_NE(m.find("NotPrintable"), std::string::npos) << m;
}

TEST(Any, KeepsLibraryHandlesAlive) {
  auto library = std::make_shared<int>(1);
  std::weak_ptr<int> watch = library;
  {
    Any a(Any(5), {library});
    library.reset();
    Any b = a;
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(b.get_so().size(), 1u);
  }
  EXPECT_TRUE(watch.expired());
}

TEST(Any, MakeConstructsInPlace) {
  Any a = Any::make<std::vector<int>>(3, 7);
  EXPECT_EQ(a.as<std::vector<int>>(), (std::vector<int>{7, 7, 7}));
  EXPECT_EQ(Any::make<int>().as<int>(), 0);
}

}  // namespace
