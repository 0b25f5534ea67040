#include "ir_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace ir {
namespace {

std::string trim(const std::string& text) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  auto first = std::find_if_not(text.begin(), text.end(), is_space);
  auto last = std::find_if_not(text.rbegin(), text.rend(), is_space).base();
  return first < last ? std::string(first, last) : std::string();
}

std::string lower(std::string text) {
  for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

template <typename T>
T parse_integer(const std::string& raw, const char* what) {
  const std::string text = trim(raw);
  T value{};
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (begin != end && *begin == '+') ++begin;  // from_chars rejects a leading '+'
  const auto [ptr, error] = std::from_chars(begin, end, value);
  FERRY_ASSERT(!text.empty() && error != std::errc::invalid_argument && ptr == end, "'", raw, "' is not ", what);
  FERRY_ASSERT(error != std::errc::result_out_of_range, "'", raw, "' is out of range for ", what);
  return value;
}

template <typename T, typename Parse>
std::vector<T> parse_list(const std::string& text, Parse parse) {
  std::vector<T> values;
  for (const auto& item : split_list(text)) values.push_back(parse(item));
  return values;
}

}  // namespace

int64_t parse_int64(const std::string& text) { return parse_integer<int64_t>(text, "a 64-bit integer"); }

uint64_t parse_uint64(const std::string& text) {
  FERRY_ASSERT(trim(text).rfind('-', 0) != 0, "'", text, "' is negative: expected an unsigned integer");
  return parse_integer<uint64_t>(text, "an unsigned 64-bit integer");
}

double parse_double(const std::string& raw) {
  const std::string text = trim(raw);
  const std::string word = lower(text);
  if (word == "inf" || word == "+inf" || word == "infinity") return std::numeric_limits<double>::infinity();
  if (word == "-inf" || word == "-infinity") return -std::numeric_limits<double>::infinity();
  if (word == "nan" || word == "-nan") return std::numeric_limits<double>::quiet_NaN();
  double value = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (begin != end && *begin == '+') ++begin;
  const auto [ptr, error] = std::from_chars(begin, end, value);
  FERRY_ASSERT(!text.empty() && error == std::errc() && ptr == end, "'", raw, "' is not a number");
  return value;
}

bool parse_bool(const std::string& raw) {
  const std::string word = lower(trim(raw));
  if (word == "true" || word == "1") return true;
  if (word == "false" || word == "0") return false;
  Exception::raise("'", raw, "' is not a boolean (expected true or false)");
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  if (trim(text).empty()) return items;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    items.push_back(trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    FERRY_ASSERT(!items.back().empty(), "list '", text, "' has an empty item");
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

std::vector<int64_t> parse_int64_list(const std::string& text) { return parse_list<int64_t>(text, parse_int64); }
std::vector<uint64_t> parse_uint64_list(const std::string& text) { return parse_list<uint64_t>(text, parse_uint64); }
std::vector<double> parse_double_list(const std::string& text) { return parse_list<double>(text, parse_double); }

PartialShape parse_partial_shape(const std::string& text) { return PartialShape::parse(text); }

std::vector<std::string> parse_tensor_names(const std::string& text) {
  std::vector<std::string> names;
  std::string name;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ',') {
      name += ',';
      ++i;
    } else if (text[i] == ',') {
      if (!name.empty()) names.push_back(name);
      name.clear();
    } else {
      name += text[i];
    }
  }
  if (!name.empty()) names.push_back(name);
  return names;
}

std::string format_tensor_names(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& name : names) {
    if (!text.empty()) text += ',';
    for (char c : name) {
      if (c == ',') text += '\\';
      text += c;
    }
  }
  return text;
}

std::string format_double(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

std::string format_float(float value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

std::string format_bool(bool value) { return value ? "true" : "false"; }

std::string format_partial_shape(const PartialShape& shape) {
  if (shape.rank().is_dynamic()) return "...";
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) text += ",";
    text += shape[i].to_string();
  }
  return text;
}

}  // namespace ir
}  // namespace ferry
