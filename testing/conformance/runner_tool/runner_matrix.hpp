#pragma once

// The op x element-type matrix of the report, built from the op tests' names. The Ops category
// names each case `Ops/OpConformance.Run/<OpType>_<opset>__<elemtype>__<case>`, e.g.
// `Ops/OpConformance.Run/Add_opset1__f32__broadcast_rank4`.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runner_outcome.hpp"

namespace ferry::conformance::runner {

struct OpTestName {
  std::string op;            // "Add"
  std::string opset;         // "opset1"
  std::string element_type;  // "f32"
  std::string case_name;     // "broadcast_rank4"
};

// The parts of an op test's name, or nothing for a test that does not follow the convention.
std::optional<OpTestName> parse_op_test_name(const std::string& test);

struct MatrixCell {
  int passed = 0, total = 0;  // total: every case of the cell (unsupported and skipped included)
  int unsupported = 0, skipped = 0;
};

struct OpMatrix {
  std::vector<std::string> element_types;  // columns, sorted
  // rows: "Add (opset1)" -> element type -> cell
  std::map<std::string, std::map<std::string, MatrixCell>> rows;
};

OpMatrix build_op_matrix(const std::vector<Outcome>& outcomes);

// "3/4", "unsupported" (every case unsupported), "" (no case), with "(N skipped)" when some were.
std::string cell_text(const MatrixCell& cell);

// A Markdown table: one row per op, one column per element type.
std::string matrix_markdown(const OpMatrix& matrix);

}  // namespace ferry::conformance::runner
