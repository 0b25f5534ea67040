#include "runner_matrix.hpp"

#include <set>
#include <sstream>

namespace ferry::conformance::runner {

std::optional<OpTestName> parse_op_test_name(const std::string& test) {
  static const std::string kMarker = "OpConformance.Run/";
  const auto at = test.find(kMarker);
  if (at == std::string::npos) return std::nullopt;
  const std::string name = test.substr(at + kMarker.size());  // Add_opset1__f32__broadcast_rank4
  const auto first = name.find("__");
  if (first == std::string::npos) return std::nullopt;
  const auto second = name.find("__", first + 2);
  if (second == std::string::npos) return std::nullopt;
  const std::string op_version = name.substr(0, first);
  const auto underscore = op_version.rfind("_opset");
  if (underscore == std::string::npos || underscore == 0) return std::nullopt;
  OpTestName parts{op_version.substr(0, underscore), op_version.substr(underscore + 1),
                   name.substr(first + 2, second - first - 2), name.substr(second + 2)};
  if (parts.element_type.empty() || parts.case_name.empty() || parts.opset.size() <= 5) return std::nullopt;
  return parts;
}

OpMatrix build_op_matrix(const std::vector<Outcome>& outcomes) {
  OpMatrix matrix;
  std::set<std::string> types;
  for (const auto& outcome : outcomes) {
    const auto name = parse_op_test_name(outcome.test);
    if (!name) continue;
    types.insert(name->element_type);
    MatrixCell& cell = matrix.rows[name->op + " (" + name->opset + ")"][name->element_type];
    ++cell.total;
    if (outcome.status == Status::PASSED) ++cell.passed;
    if (outcome.status == Status::UNSUPPORTED) ++cell.unsupported;
    if (outcome.status == Status::SKIPPED) ++cell.skipped;
  }
  matrix.element_types.assign(types.begin(), types.end());
  return matrix;
}

std::string cell_text(const MatrixCell& cell) {
  if (cell.total == 0) return "";
  if (cell.unsupported == cell.total) return "unsupported";
  // Unsupported cases among supported ones would be a bug of query_model: keep them counted.
  std::string text = std::to_string(cell.passed) + "/" + std::to_string(cell.total);
  if (cell.skipped) text += " (" + std::to_string(cell.skipped) + " skipped)";
  if (cell.unsupported) text += " (" + std::to_string(cell.unsupported) + " unsupported)";
  return text;
}

std::string matrix_markdown(const OpMatrix& matrix) {
  std::ostringstream out;
  out << "| op |";
  for (const auto& type : matrix.element_types) out << " " << type << " |";
  out << "\n|---|";
  for (size_t i = 0; i < matrix.element_types.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& [op, cells] : matrix.rows) {
    out << "| " << op << " |";
    for (const auto& type : matrix.element_types) {
      const auto found = cells.find(type);
      out << " " << (found == cells.end() ? "" : cell_text(found->second)) << " |";
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace ferry::conformance::runner
