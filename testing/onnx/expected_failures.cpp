#include "expected_failures.hpp"

#include <fstream>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

std::string trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  const auto end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

// "<dir>/<case>": two non-empty parts, no spaces.
bool is_case_id(const std::string& id) {
  const auto slash = id.find('/');
  return slash != std::string::npos && slash > 0 && slash + 1 < id.size() &&
         id.find('/', slash + 1) == std::string::npos && id.find_first_of(" \t") == std::string::npos;
}

}  // namespace

ExpectedFailures parse_expected_failures(const std::string& text, const std::string& source) {
  ExpectedFailures list;
  std::istringstream lines(text);
  std::string line;
  for (size_t number = 1; std::getline(lines, line); ++number) {
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    const auto hash = content.find('#');
    FERRY_ASSERT(hash != std::string::npos, source, ":", number, ": entry '", content,
                 "' has no reason (write `<dir>/<case>  # <reason>`)");
    const std::string id = trim(content.substr(0, hash));
    const std::string reason = trim(content.substr(hash + 1));
    FERRY_ASSERT(!reason.empty(), source, ":", number, ": entry '", id, "' has an empty reason");
    FERRY_ASSERT(is_case_id(id), source, ":", number, ": '", id, "' is not a case id like node/test_abs");
    FERRY_ASSERT(list.emplace(id, reason).second, source, ":", number, ": case '", id, "' is listed twice");
  }
  return list;
}

ExpectedFailures read_expected_failures(const std::string& path) {
  std::ifstream file(path);
  FERRY_ASSERT(file, "cannot open the expected-failure list '", path, "'");
  std::ostringstream text;
  text << file.rdbuf();
  return parse_expected_failures(text.str(), path);
}

ExpectedFailures updated_expected_failures(const ExpectedFailures& old_list,
                                           const std::map<std::string, std::string>& failing) {
  ExpectedFailures list;
  for (const auto& [id, observed] : failing) {
    const auto old = old_list.find(id);
    const bool hand_written = old != old_list.end() && old->second.rfind(kAutoReasonPrefix, 0) != 0;
    std::string reason = hand_written ? old->second : kAutoReasonPrefix + observed;
    // One line: a reason never holds a line break.
    for (char& c : reason)
      if (c == '\n' || c == '\r') c = ' ';
    list.emplace(id, reason);
  }
  return list;
}

std::string format_expected_failures(const ExpectedFailures& list, const std::string& device) {
  std::ostringstream text;
  text << "# ONNX backend test cases that may fail on " << device << " (testing/onnx/README.md).\n"
       << "# One case per line: <dir>/<case>  # <reason>. Reasons starting with \"auto: \" are the\n"
       << "# observed errors, rewritten by --update_expected_failures; write your own to keep one.\n";
  for (const auto& [id, reason] : list) text << id << "  # " << reason << "\n";
  return text.str();
}

}  // namespace onnx_backend
}  // namespace ferry
