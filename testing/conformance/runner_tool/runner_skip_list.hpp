#pragma once

// The --skip file: tests the runner does not run, each with the reason why. One entry a line:
//
//   <gtest pattern>  # <reason>
//
// The pattern is one GoogleTest name pattern ('*' any run of characters, '?' one character), e.g.
// `Remote.*` or `Ops/OpConformance.Run/Conv*__f16__*`. Blank lines and lines that start with '#'
// are comments. An entry without a written reason is an error: a skip must say why.

#include <string>
#include <vector>

namespace ferry::conformance::runner {

struct SkipEntry {
  std::string pattern;
  std::string reason;
  int line = 0;  // 1-based, in the file
};

// Parses the text of a skip file; `source` names it in errors. Throws ferry::Exception naming
// the source and line of an entry without a reason or with more than one pattern.
std::vector<SkipEntry> parse_skip_list(const std::string& text, const std::string& source);
// Reads and parses a file (throws naming it when it cannot be read).
std::vector<SkipEntry> read_skip_list(const std::string& path);

// GoogleTest's name matching: '*' matches any run of characters, '?' any one character.
bool matches_pattern(const std::string& name, const std::string& pattern);

// The first entry whose pattern matches `test`, or null.
const SkipEntry* find_skip(const std::vector<SkipEntry>& entries, const std::string& test);

}  // namespace ferry::conformance::runner
