#include "ferry/value/any_text.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace ferry {
namespace util {

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

std::string trim(const std::string& text) {
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return text.substr(begin, end - begin);
}

}  // namespace

std::string demangle(const std::type_info& type) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
  std::string result = status == 0 && name ? name.get() : type.name();
  // std::string's full spelling drowns every message that names a container of strings.
  replace_all(result, "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string");
  replace_all(result, "std::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string");
  return result;
}

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

bool split_map(const std::string& text, std::vector<std::pair<std::string, std::string>>& items) {
  const std::string body = trim(text);
  if (body.size() < 2 || body.front() != '{' || body.back() != '}') return false;
  items.clear();
  const std::string inner = body.substr(1, body.size() - 2);
  if (trim(inner).empty()) return true;
  // Top-level commas separate items; nested maps and lists stay whole in their item's value.
  std::vector<std::string> segments(1);
  int depth = 0;
  for (const char c : inner) {
    if (c == '{' || c == '[') ++depth;
    if ((c == '}' || c == ']') && --depth < 0) return false;
    if (c == ',' && depth == 0) {
      segments.emplace_back();
    } else {
      segments.back() += c;
    }
  }
  if (depth != 0) return false;
  for (const auto& segment : segments) {
    const size_t colon = segment.find(':');
    if (colon == std::string::npos) return false;
    std::string key = trim(segment.substr(0, colon));
    if (key.empty()) return false;
    items.emplace_back(std::move(key), trim(segment.substr(colon + 1)));
  }
  return true;
}

bool read_bool(const std::string& text, bool& value) {
  const std::string word = trim(text);
  if (word == "YES" || word == "yes" || word == "true" || word == "TRUE" || word == "True" || word == "1") {
    value = true;
    return true;
  }
  if (word == "NO" || word == "no" || word == "false" || word == "FALSE" || word == "False" || word == "0") {
    value = false;
    return true;
  }
  return false;
}

bool read_element_type(const std::string& text, element::Type& value) {
  const std::string word = trim(text);
  if (word.empty()) return false;
  try {
    value = element::Type::from_string(word);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace util
}  // namespace ferry
