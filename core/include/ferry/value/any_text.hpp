#pragma once

// Text forms of the values an ferry::Any holds: util::Write<T> prints a value, util::Read<T>
// parses one back. Containers are handled here; every other type uses its operator<< /
// operator>>. Any uses these to print values and to parse strings set through text (plugins.xml,
// command lines) into the types a plugin asks for.

#include <cctype>
#include <cstddef>
#include <istream>
#include <limits>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "ferry/base/element_type.hpp"

namespace ferry {
namespace util {

// A readable C++ name of a type ("std::string", "ferry::hint::PerformanceMode").
std::string demangle(const std::type_info& type);
template <typename T>
std::string type_name() {
  return demangle(typeid(T));
}

// --- detection of stream and comparison operators -------------------------------------------
template <typename T, typename = void>
struct has_output_operator : std::false_type {};
template <typename T>
struct has_output_operator<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

template <typename T, typename = void>
struct has_input_operator : std::false_type {};
template <typename T>
struct has_input_operator<T, std::void_t<decltype(std::declval<std::istream&>() >> std::declval<T&>())>>
    : std::true_type {};

// Containers compare when their elements do (std's operator== is declared for every element type).
template <typename T, typename = void>
struct is_equality_comparable : std::false_type {};
template <typename T>
struct is_equality_comparable<T, std::void_t<decltype(bool(std::declval<const T&>() == std::declval<const T&>()))>>
    : std::true_type {};
template <typename T, typename A>
struct is_equality_comparable<std::vector<T, A>> : is_equality_comparable<T> {};
template <typename T, typename C, typename A>
struct is_equality_comparable<std::set<T, C, A>> : is_equality_comparable<T> {};
template <typename K, typename V, typename C, typename A>
struct is_equality_comparable<std::map<K, V, C, A>>
    : std::integral_constant<bool, is_equality_comparable<K>::value && is_equality_comparable<V>::value> {};

// Helpers shared by the readers (any_text.cpp).
std::vector<std::string> split_words(const std::string& text);
// Splits "{a: 1, b: {c: 2}}" into its top-level "key", "value" pairs; false when malformed.
bool split_map(const std::string& text, std::vector<std::pair<std::string, std::string>>& items);
bool read_bool(const std::string& text, bool& value);
bool read_element_type(const std::string& text, element::Type& value);
// Parses a whole string with operator>>; trailing text other than spaces is a failure.
template <typename T>
bool read_whole(const std::string& text, T& value) {
  std::istringstream in(text);
  in >> value;
  if (in.fail()) return false;
  in >> std::ws;
  return in.eof();
}

// --- Write<T> -----------------------------------------------------------------------------
template <typename T, typename = void>
struct Write {
  static constexpr bool enabled = has_output_operator<T>::value;
  static void write(std::ostream& out, const T& value) {
    if constexpr (enabled) out << value;
  }
};
template <>
struct Write<std::string> {
  static constexpr bool enabled = true;
  static void write(std::ostream& out, const std::string& value) { out << value; }
};
template <>
struct Write<bool> {
  static constexpr bool enabled = true;
  static void write(std::ostream& out, bool value) { out << (value ? "YES" : "NO"); }
};
// Bytes print as numbers, not as characters.
template <typename T>
struct Write<T, std::enable_if_t<std::is_same<T, signed char>::value || std::is_same<T, unsigned char>::value>> {
  static constexpr bool enabled = true;
  static void write(std::ostream& out, T value) { out << static_cast<int>(value); }
};

template <typename Range, typename Element>
void write_words(std::ostream& out, const Range& range) {
  bool first = true;
  for (const auto& element : range) {
    if (!first) out << ' ';
    first = false;
    Write<Element>::write(out, element);
  }
}
template <typename T, typename A>
struct Write<std::vector<T, A>> {
  static constexpr bool enabled = Write<T>::enabled;
  static void write(std::ostream& out, const std::vector<T, A>& value) {
    write_words<std::vector<T, A>, T>(out, value);
  }
};
template <typename T, typename C, typename A>
struct Write<std::set<T, C, A>> {
  static constexpr bool enabled = Write<T>::enabled;
  static void write(std::ostream& out, const std::set<T, C, A>& value) {
    write_words<std::set<T, C, A>, T>(out, value);
  }
};
template <typename K, typename V, typename C, typename A>
struct Write<std::map<K, V, C, A>> {
  static constexpr bool enabled = Write<K>::enabled && Write<V>::enabled;
  static void write(std::ostream& out, const std::map<K, V, C, A>& value) {
    out << '{';
    bool first = true;
    for (const auto& item : value) {
      if (!first) out << ", ";
      first = false;
      Write<K>::write(out, item.first);
      out << ": ";
      Write<V>::write(out, item.second);
    }
    out << '}';
  }
};
template <typename... T>
struct Write<std::tuple<T...>> {
  static constexpr bool enabled = (Write<T>::enabled && ...);
  static void write(std::ostream& out, const std::tuple<T...>& value) {
    write_each(out, value, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static void write_each(std::ostream& out, const std::tuple<T...>& value, std::index_sequence<I...>) {
    ((out << (I == 0 ? "" : " "), Write<std::tuple_element_t<I, std::tuple<T...>>>::write(out, std::get<I>(value))),
     ...);
  }
};

// --- Read<T> ------------------------------------------------------------------------------
template <typename T, typename = void>
struct Read {
  static constexpr bool enabled = has_input_operator<T>::value && std::is_default_constructible<T>::value;
  static bool read(const std::string& text, T& value) {
    if constexpr (enabled) {
      return read_whole(text, value);
    } else {
      return false;
    }
  }
};
template <>
struct Read<std::string> {
  static constexpr bool enabled = true;
  static bool read(const std::string& text, std::string& value) {
    value = text;
    return true;
  }
};
template <>
struct Read<bool> {
  static constexpr bool enabled = true;
  static bool read(const std::string& text, bool& value) { return read_bool(text, value); }
};
// "f16" or "FP16" (element::Type has no operator>>).
template <>
struct Read<element::Type> {
  static constexpr bool enabled = true;
  static bool read(const std::string& text, element::Type& value) { return read_element_type(text, value); }
};
// Integers: operator>> would read a char into int8_t and wrap "-1" into an unsigned; read
// through the widest type and check the range instead.
template <typename T>
struct Read<T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>> {
  static constexpr bool enabled = true;
  static bool read(const std::string& text, T& value) {
    if constexpr (std::is_signed<T>::value) {
      long long wide = 0;
      if (!read_whole(text, wide)) return false;
      if (wide < std::numeric_limits<T>::min() || wide > std::numeric_limits<T>::max()) return false;
      value = static_cast<T>(wide);
    } else {
      if (text.find('-') != std::string::npos) return false;
      unsigned long long wide = 0;
      if (!read_whole(text, wide)) return false;
      if (wide > std::numeric_limits<T>::max()) return false;
      value = static_cast<T>(wide);
    }
    return true;
  }
};
template <typename T, typename A>
struct Read<std::vector<T, A>> {
  static constexpr bool enabled = Read<T>::enabled;
  static bool read(const std::string& text, std::vector<T, A>& value) {
    value.clear();
    for (const auto& word : split_words(text)) {
      T element{};
      if (!Read<T>::read(word, element)) return false;
      value.push_back(std::move(element));
    }
    return true;
  }
};
template <typename T, typename C, typename A>
struct Read<std::set<T, C, A>> {
  static constexpr bool enabled = Read<T>::enabled;
  static bool read(const std::string& text, std::set<T, C, A>& value) {
    value.clear();
    for (const auto& word : split_words(text)) {
      T element{};
      if (!Read<T>::read(word, element)) return false;
      value.insert(std::move(element));
    }
    return true;
  }
};
template <typename K, typename V, typename C, typename A>
struct Read<std::map<K, V, C, A>> {
  static constexpr bool enabled = Read<K>::enabled && Read<V>::enabled;
  static bool read(const std::string& text, std::map<K, V, C, A>& value) {
    std::vector<std::pair<std::string, std::string>> items;
    if (!split_map(text, items)) return false;
    value.clear();
    for (const auto& item : items) {
      K key{};
      V mapped{};
      if (!Read<K>::read(item.first, key) || !Read<V>::read(item.second, mapped)) return false;
      value[std::move(key)] = std::move(mapped);
    }
    return true;
  }
};
template <typename... T>
struct Read<std::tuple<T...>> {
  static constexpr bool enabled = (Read<T>::enabled && ...);
  static bool read(const std::string& text, std::tuple<T...>& value) {
    const auto words = split_words(text);
    if (words.size() != sizeof...(T)) return false;
    return read_each(words, value, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static bool read_each(const std::vector<std::string>& words, std::tuple<T...>& value, std::index_sequence<I...>) {
    return (Read<std::tuple_element_t<I, std::tuple<T...>>>::read(words[I], std::get<I>(value)) && ...);
  }
};

}  // namespace util
}  // namespace ferry
