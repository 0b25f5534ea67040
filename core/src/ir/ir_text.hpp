#pragma once

// Text forms of IR attribute values: numbers, booleans, lists ("1, 1"), shapes ("?,1..10,8").
// Parsers are strict (the whole text must be consumed) and throw ferry::Exception naming the text;
// the caller adds the file, layer and attribute.
#include <cstdint>
#include <string>
#include <vector>

#include "ferry/base/partial_shape.hpp"

namespace ferry {
namespace ir {

int64_t parse_int64(const std::string& text);
uint64_t parse_uint64(const std::string& text);
double parse_double(const std::string& text);  // also "inf", "-inf", "nan"
bool parse_bool(const std::string& text);      // "true"/"false" (any case), "1"/"0"

// Comma-separated; spaces around items ignored; "" is the empty list.
std::vector<std::string> split_list(const std::string& text);
std::vector<int64_t> parse_int64_list(const std::string& text);
std::vector<uint64_t> parse_uint64_list(const std::string& text);
std::vector<double> parse_double_list(const std::string& text);

// "?,1..10,8", "..." (dynamic rank), "" (scalar); brackets allowed.
PartialShape parse_partial_shape(const std::string& text);

// Tensor names in a port's "names": comma-separated, a comma inside a name escaped as "\,".
std::vector<std::string> parse_tensor_names(const std::string& text);
std::string format_tensor_names(const std::vector<std::string>& names);  // in the given order

// Formatting, as OpenVINO writes it: lists joined by ", ", shapes by "," without brackets.
std::string format_double(double value);  // shortest text that parses back to the same value
std::string format_float(float value);
std::string format_bool(bool value);
std::string format_partial_shape(const PartialShape& shape);

template <typename T, typename Format>
std::string format_list(const std::vector<T>& values, Format format) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) text += ", ";
    text += format(values[i]);
  }
  return text;
}

}  // namespace ir
}  // namespace ferry
