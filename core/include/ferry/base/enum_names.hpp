#pragma once

#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "ferry/base/exception.hpp"

namespace ferry {

// The text spellings of an op enum, for IR attributes. Specialize with a static `table()`
// returning {{"name", value}, ...}; the first spelling of a value is the one written.
template <typename Enum>
struct EnumNames;

template <typename Enum>
std::string enum_to_string(Enum value) {
  for (const auto& entry : EnumNames<Enum>::table())
    if (entry.second == value) return entry.first;
  Exception::raise("enum value ", static_cast<int>(value), " has no name");
}

// Case-insensitive. `attribute` names what is being parsed, for the error message.
template <typename Enum>
Enum enum_from_string(const std::string& text, const std::string& attribute) {
  auto lower = [](std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  const std::string wanted = lower(text);
  std::string expected;
  for (const auto& entry : EnumNames<Enum>::table()) {
    if (lower(entry.first) == wanted) return entry.second;
    expected += (expected.empty() ? "" : "|") + std::string(entry.first);
  }
  Exception::raise("invalid value '", text, "' for attribute '", attribute, "' (expected ", expected, ")");
}

}  // namespace ferry
