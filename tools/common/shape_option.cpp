#include "shape_option.hpp"

#include <set>

#include "arg_parser.hpp"

namespace ferry::tools {
namespace {

[[noreturn]] void fail(const std::string& flag, const std::string& text, const std::string& why) {
  throw UsageError(flag + ": " + why + " in '" + text + "' (expected \"[1,3,224,224]\" or \"name[1,3,224,224],...\")");
}

}  // namespace

std::vector<ShapeSpec> parse_shape_option(const std::string& text, const std::string& flag) {
  std::vector<ShapeSpec> specs;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t open = text.find('[', pos);
    if (open == std::string::npos) fail(flag, text, "no '[' after position " + std::to_string(pos));
    const size_t close = text.find(']', open);
    if (close == std::string::npos) fail(flag, text, "unclosed '['");
    ShapeSpec spec{text.substr(pos, open - pos), text.substr(open, close - open + 1)};
    if (spec.input_name.find_first_of(",]") != std::string::npos) fail(flag, text, "stray characters before '['");
    specs.push_back(spec);
    pos = close + 1;
    if (pos < text.size()) {
      if (text[pos] != ',') fail(flag, text, "expected ',' after ']'");
      ++pos;
      if (pos == text.size()) fail(flag, text, "trailing ','");
    }
  }
  if (specs.empty()) fail(flag, text, "no shape");
  std::set<std::string> names;
  for (const ShapeSpec& spec : specs) {
    if (spec.input_name.empty() && specs.size() > 1) fail(flag, text, "an unnamed shape among several");
    if (!names.insert(spec.input_name).second) fail(flag, text, "input '" + spec.input_name + "' given twice");
  }
  return specs;
}

}  // namespace ferry::tools
