#pragma once

// The -shape value of the tools: "[1,3,224,224]" (every input), "image[1,3,224,224]", or several
// named shapes "a[1,2],b[2..4,8]". Dimensions use PartialShape's text ("?", "2..4").

#include <string>
#include <vector>

namespace ferry::tools {

struct ShapeSpec {
  std::string input_name;  // empty: applies to every input
  std::string dims;        // "[1,3,224,224]", brackets included
};

// Splits the option's text; throws UsageError ("<flag>: ...") when it is malformed, mixes named
// and unnamed shapes, or names an input twice. The dimensions themselves are parsed by the caller.
std::vector<ShapeSpec> parse_shape_option(const std::string& text, const std::string& flag = "-shape");

}  // namespace ferry::tools
