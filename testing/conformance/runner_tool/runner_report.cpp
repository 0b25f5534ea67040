#include "runner_report.hpp"

#include <sstream>

#include "runner_matrix.hpp"

namespace ferry::conformance::runner {
namespace {

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
      out += ' ';
    else
      out += c;
  }
  return out;
}

void table_row(std::ostringstream& out, const std::string& name, const CategoryCounts& c) {
  const int rate = c.pass_rate();
  out << "| " << name << " | " << c.passed << " | " << c.failed << " | " << c.skipped << " | " << c.unsupported << " | "
      << c.crashed << " | " << c.timed_out << " | " << (rate < 0 ? "n/a" : std::to_string(rate) + "%") << " |\n";
}

}  // namespace

int CategoryCounts::pass_rate() const {
  const int ran = total() - skipped - unsupported;
  return ran > 0 ? 100 * passed / ran : -1;
}

void CategoryCounts::add(Status status) {
  switch (status) {
    case Status::PASSED:
      ++passed;
      break;
    case Status::FAILED:
      ++failed;
      break;
    case Status::SKIPPED:
      ++skipped;
      break;
    case Status::UNSUPPORTED:
      ++unsupported;
      break;
    case Status::CRASHED:
      ++crashed;
      break;
    case Status::TIMED_OUT:
      ++timed_out;
      break;
  }
}

std::map<std::string, CategoryCounts> count_by_category(const std::vector<Outcome>& outcomes) {
  std::map<std::string, CategoryCounts> counts;
  for (const auto& outcome : outcomes) counts[category_of(outcome.test)].add(outcome.status);
  return counts;
}

CategoryCounts count_all(const std::vector<Outcome>& outcomes) {
  CategoryCounts all;
  for (const auto& outcome : outcomes) all.add(outcome.status);
  return all;
}

std::string summary_table(const std::vector<Outcome>& outcomes) {
  std::ostringstream out;
  out << "| category | passed | failed | skipped | unsupported | crashed | timed out | pass rate |\n"
      << "|---|---|---|---|---|---|---|---|\n";
  for (const auto& [category, counts] : count_by_category(outcomes)) table_row(out, category, counts);
  table_row(out, "**total**", count_all(outcomes));
  return out.str();
}

std::string skip_reasons(const std::vector<Outcome>& outcomes) {
  std::map<std::string, std::map<std::string, int>> reasons;  // category -> reason -> tests
  for (const auto& outcome : outcomes)
    if (outcome.status == Status::SKIPPED)
      ++reasons[category_of(outcome.test)][(outcome.skip_list ? "(skip list) " : "") + one_line(outcome.detail)];
  std::ostringstream out;
  for (const auto& [category, texts] : reasons)
    for (const auto& [text, count] : texts) out << "- " << category << ": " << count << " x " << text << "\n";
  return out.str();
}

std::string markdown_report(const std::string& device, const std::vector<Outcome>& outcomes) {
  std::ostringstream md;
  md << "# Ferry conformance: " << device << "\n\n## Summary\n\n" << summary_table(outcomes);
  const std::string skips = skip_reasons(outcomes);
  if (!skips.empty()) md << "\n## Skipped, with reasons\n\n" << skips;
  const OpMatrix matrix = build_op_matrix(outcomes);
  if (!matrix.rows.empty())
    md << "\n## Ops x element types\n\nPassed / cases; `unsupported`: the device does not claim the op "
          "(query_model).\n\n"
       << matrix_markdown(matrix);
  md << "\n## Not passed\n\n";
  int listed = 0;
  for (const auto& outcome : outcomes) {
    if (outcome.status != Status::FAILED && outcome.status != Status::CRASHED && outcome.status != Status::TIMED_OUT)
      continue;
    md << "- `" << outcome.test << "`: " << status_name(outcome.status) << ": " << one_line(outcome.detail, 400)
       << "\n";
    ++listed;
  }
  if (!listed) md << "Nothing failed, crashed or timed out.\n";
  return md.str();
}

std::string junit_report(const std::vector<Outcome>& outcomes) {
  std::ostringstream xml;
  const CategoryCounts all = count_all(outcomes);
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ferry_conformance\" tests=\"" << all.total()
      << "\" failures=\"" << all.failed << "\" errors=\"" << all.crashed + all.timed_out << "\" skipped=\""
      << all.skipped + all.unsupported << "\">\n";
  for (const auto& [category, counts] : count_by_category(outcomes)) {
    xml << "  <testsuite name=\"" << xml_escape(category) << "\" tests=\"" << counts.total() << "\" failures=\""
        << counts.failed << "\" errors=\"" << counts.crashed + counts.timed_out << "\" skipped=\""
        << counts.skipped + counts.unsupported << "\">\n";
    for (const auto& o : outcomes) {
      if (category_of(o.test) != category) continue;
      const auto dot = o.test.find('.');
      xml << "    <testcase classname=\"" << xml_escape(o.test.substr(0, dot)) << "\" name=\""
          << xml_escape(o.test.substr(dot + 1)) << "\" time=\"" << o.seconds << "\">";
      switch (o.status) {
        case Status::PASSED:
          break;
        case Status::FAILED:
          xml << "<failure message=\"failed\">" << xml_escape(o.detail) << "</failure>";
          break;
        case Status::SKIPPED:
        case Status::UNSUPPORTED:
          xml << "<skipped message=\"" << xml_escape(describe(o)) << "\"/>";
          break;
        case Status::CRASHED:
        case Status::TIMED_OUT:
          xml << "<error message=\"" << status_name(o.status) << "\">" << xml_escape(o.detail) << "</error>";
          break;
      }
      xml << "</testcase>\n";
    }
    xml << "  </testsuite>\n";
  }
  xml << "</testsuites>\n";
  return xml.str();
}

}  // namespace ferry::conformance::runner
