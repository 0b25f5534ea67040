#include "report.hpp"

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

namespace ferry {
namespace onnx_backend {
namespace {

constexpr size_t kReasonWidth = 240;

std::string short_reason(const CaseResult& result) {
  std::string reason = first_line(result.message);
  if (reason.size() > kReasonWidth) reason = reason.substr(0, kReasonWidth) + "...";
  return reason;
}

std::string md_cell(std::string text) {
  std::string out;
  for (const char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

void tally_row(std::ostringstream& md, const std::string& name, const Tally& tally) {
  md << "| " << md_cell(name) << " | " << tally.passed << " | " << tally.failed << " | " << tally.unsupported << " | "
     << tally.crashed << " | " << tally.total() << " |\n";
}

void tally_json(std::ostringstream& js, const Tally& tally) {
  js << "{\"passed\": " << tally.passed << ", \"failed\": " << tally.failed
     << ", \"unsupported\": " << tally.unsupported << ", \"crashed\": " << tally.crashed
     << ", \"total\": " << tally.total() << "}";
}

void string_list_json(std::ostringstream& js, const std::vector<std::string>& items) {
  js << "[";
  for (size_t i = 0; i < items.size(); ++i) js << (i ? ", " : "") << "\"" << json_escape(items[i]) << "\"";
  js << "]";
}

}  // namespace

void Tally::add(Status status) {
  switch (status) {
    case Status::passed:
      ++passed;
      break;
    case Status::failed:
      ++failed;
      break;
    case Status::unsupported:
      ++unsupported;
      break;
    case Status::crashed:
      ++crashed;
      break;
  }
}

std::string Tally::line() const {
  std::ostringstream text;
  text << passed << " passed, " << failed << " failed, " << unsupported << " unsupported, " << crashed << " crashed";
  return text.str();
}

Tally RunReport::total() const {
  Tally tally;
  for (const auto& result : results) tally.add(result.status);
  return tally;
}

std::map<std::string, Tally> RunReport::by_dir() const {
  std::map<std::string, Tally> tallies;
  for (size_t i = 0; i < cases.size(); ++i) tallies[cases[i].dir].add(results[i].status);
  return tallies;
}

std::map<std::string, Tally> RunReport::by_op() const {
  std::map<std::string, Tally> tallies;
  for (size_t i = 0; i < cases.size(); ++i)
    for (const auto& op : cases[i].op_types) tallies[op].add(results[i].status);
  return tallies;
}

std::string missing_op_of(const BackendCase& backend_case, const CaseResult& result) {
  // The frontend's node description: "(#3, Det, domain '', opset 13)".
  static const std::regex node_pattern(R"(\(#\d+, ([A-Za-z0-9_.]+), domain '([^']*)')");
  std::smatch match;
  if (std::regex_search(result.message, match, node_pattern))
    return match[2].str().empty() ? match[1].str() : match[2].str() + "." + match[1].str();
  static const std::regex opset_pattern(R"(opset (\d+) is not supported)");
  if (std::regex_search(result.message, match, opset_pattern)) return "(model opset " + match[1].str() + ")";
  static const std::regex type_pattern(R"(element type ([A-Z0-9_]+) is not supported)");
  if (std::regex_search(result.message, match, type_pattern)) return "(element type " + match[1].str() + ")";
  // A device's query_model: "TEMPLATE does not support Det ('name')" names Ferry's op type.
  static const std::regex device_pattern(R"(does not support ([A-Za-z0-9_]+) \()");
  if (std::regex_search(result.message, match, device_pattern)) return "(device) " + match[1].str();
  if (backend_case.op_types.size() == 1) return backend_case.op_types.front();
  return "";
}

std::vector<std::pair<std::string, size_t>> RunReport::missing_ops() const {
  std::map<std::string, size_t> counts;
  for (size_t i = 0; i < cases.size(); ++i) {
    if (results[i].status != Status::unsupported) continue;
    const std::string op = missing_op_of(cases[i], results[i]);
    ++counts[op.empty() ? "(other)" : op];
  }
  std::vector<std::pair<std::string, size_t>> ranked(counts.begin(), counts.end());
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return ranked;
}

std::map<std::string, std::string> RunReport::failing() const {
  std::map<std::string, std::string> failing;
  for (size_t i = 0; i < cases.size(); ++i)
    if (results[i].status != Status::passed)
      failing[cases[i].id()] = std::string(status_name(results[i].status)) + ": " + short_reason(results[i]);
  return failing;
}

Verdict RunReport::judge(const ExpectedFailures& expected, bool whole_run) const {
  Verdict verdict;
  std::set<std::string> run;
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string id = cases[i].id();
    run.insert(id);
    const bool listed = expected.count(id) != 0;
    if (results[i].status == Status::passed && listed) verdict.unexpectedly_passing.push_back(id);
    if (results[i].status != Status::passed && !listed)
      verdict.unexpected.push_back(id + ": " + status_name(results[i].status) + ": " + short_reason(results[i]));
  }
  if (whole_run)
    for (const auto& entry : expected)
      if (!run.count(entry.first)) verdict.stale.push_back(entry.first);
  return verdict;
}

std::string RunReport::markdown(const Verdict& verdict) const {
  std::ostringstream md;
  md << "# ONNX backend tests on " << md_cell(device) << "\n\n"
     << "Every case of Debian's libonnx-testdata run through read_model -> compile_model -> infer and compared with "
        "its expected outputs (rtol "
     << tolerance.rtol << ", atol " << tolerance.atol << ").\n\n"
     << "**Total: " << total().line() << "**\n\n"
     << "| directory | passed | failed | unsupported | crashed | total |\n|---|---|---|---|---|---|\n";
  for (const auto& [dir, tally] : by_dir()) tally_row(md, dir, tally);
  tally_row(md, "**all**", total());
  if (!verdict.unexpected.empty()) {
    md << "\n## Not passing and not in the expected-failure list\n\n";
    for (const auto& line : verdict.unexpected) md << "- " << md_cell(line) << "\n";
  }
  if (!verdict.unexpectedly_passing.empty()) {
    md << "\n## Unexpectedly passing (remove them from the list)\n\n";
    for (const auto& id : verdict.unexpectedly_passing) md << "- " << id << "\n";
  }
  md << "\n## Ops that stop cases (unsupported), by case count\n\n| op | cases |\n|---|---|\n";
  for (const auto& [op, count] : missing_ops()) md << "| " << md_cell(op) << " | " << count << " |\n";
  md << "\n## Per op (ONNX op types in each case's model)\n\n"
     << "| op | passed | failed | unsupported | crashed | total |\n|---|---|---|---|---|---|\n";
  for (const auto& [op, tally] : by_op()) tally_row(md, op, tally);
  md << "\n## Per case\n\n| case | status | stage | reason |\n|---|---|---|---|\n";
  for (size_t i = 0; i < cases.size(); ++i)
    md << "| " << cases[i].id() << " | " << status_name(results[i].status) << " | "
       << (results[i].status == Status::passed ? "" : stage_name(results[i].stage)) << " | "
       << md_cell(short_reason(results[i])) << " |\n";
  return md.str();
}

std::string RunReport::json(const Verdict& verdict) const {
  std::ostringstream js;
  js << "{\n\"device\": \"" << json_escape(device) << "\",\n\"tolerance\": {\"rtol\": " << tolerance.rtol
     << ", \"atol\": " << tolerance.atol << "},\n\"total\": ";
  tally_json(js, total());
  js << ",\n\"directories\": {";
  bool first = true;
  for (const auto& [dir, tally] : by_dir()) {
    js << (first ? "\n  " : ",\n  ") << "\"" << json_escape(dir) << "\": ";
    tally_json(js, tally);
    first = false;
  }
  js << "\n},\n\"ops\": {";
  first = true;
  for (const auto& [op, tally] : by_op()) {
    js << (first ? "\n  " : ",\n  ") << "\"" << json_escape(op) << "\": ";
    tally_json(js, tally);
    first = false;
  }
  js << "\n},\n\"missing_ops\": {";
  first = true;
  for (const auto& [op, count] : missing_ops()) {
    js << (first ? "" : ", ") << "\"" << json_escape(op) << "\": " << count;
    first = false;
  }
  js << "},\n\"unexpected\": ";
  string_list_json(js, verdict.unexpected);
  js << ",\n\"unexpectedly_passing\": ";
  string_list_json(js, verdict.unexpectedly_passing);
  js << ",\n\"stale_expected_failures\": ";
  string_list_json(js, verdict.stale);
  js << ",\n\"cases\": [";
  for (size_t i = 0; i < cases.size(); ++i) {
    js << (i ? ",\n  " : "\n  ") << "{\"id\": \"" << json_escape(cases[i].id()) << "\", \"dir\": \""
       << json_escape(cases[i].dir) << "\", \"status\": \"" << status_name(results[i].status) << "\", \"stage\": \""
       << stage_name(results[i].stage) << "\", \"data_sets\": " << results[i].data_sets << ", \"ops\": ";
    string_list_json(js, cases[i].op_types);
    js << ", \"message\": \"" << json_escape(results[i].message) << "\"}";
  }
  js << "\n]\n}\n";
  return js.str();
}

std::string json_escape(const std::string& text) {
  std::ostringstream out;
  for (const unsigned char c : text) {
    switch (c) {
      case '"':
        out << "\\\"";
        break;
      case '\\':
        out << "\\\\";
        break;
      case '\n':
        out << "\\n";
        break;
      case '\r':
        out << "\\r";
        break;
      case '\t':
        out << "\\t";
        break;
      default:
        if (c < 0x20) {
          static const char* hex = "0123456789abcdef";
          out << "\\u00" << hex[c >> 4] << hex[c & 15];
        } else {
          out << c;
        }
    }
  }
  return out.str();
}

}  // namespace onnx_backend
}  // namespace ferry
