#include "runner_skip_list.hpp"

#include <fstream>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry::conformance::runner {
namespace {

std::string trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  const auto end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

std::vector<SkipEntry> parse_skip_list(const std::string& text, const std::string& source) {
  std::vector<SkipEntry> entries;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    const auto hash = content.find('#');
    const std::string pattern = trim(content.substr(0, hash));
    const std::string reason = hash == std::string::npos ? std::string() : trim(content.substr(hash + 1));
    FERRY_ASSERT(!reason.empty(), "skip list ", source, ":", number, ": entry '", pattern,
                 "' has no reason; write it as '<pattern>  # <why it is skipped>'");
    FERRY_ASSERT(pattern.find_first_of(" \t") == std::string::npos, "skip list ", source, ":", number, ": '", pattern,
                 "' is more than one pattern; write one pattern a line");
    entries.push_back({pattern, reason, number});
  }
  return entries;
}

std::vector<SkipEntry> read_skip_list(const std::string& path) {
  std::ifstream in(path);
  FERRY_ASSERT(in.good(), "cannot read skip list '", path, "'");
  std::stringstream text;
  text << in.rdbuf();
  return parse_skip_list(text.str(), path);
}

bool matches_pattern(const std::string& name, const std::string& pattern) {
  // Iterative wildcard match with backtracking to the last '*'.
  size_t n = 0, p = 0, star = std::string::npos, resume = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++n, ++p;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = n;
    } else if (star != std::string::npos) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

const SkipEntry* find_skip(const std::vector<SkipEntry>& entries, const std::string& test) {
  for (const auto& entry : entries)
    if (matches_pattern(test, entry.pattern)) return &entry;
  return nullptr;
}

}  // namespace ferry::conformance::runner
