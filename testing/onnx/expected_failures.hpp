#pragma once

// The checked-in expected-failure list: one case per line, `<dir>/<case>  # <reason>`, with a
// reason required. Blank lines and lines starting with '#' are comments. Reasons that start
// with "auto: " were written by --update_expected_failures and are refreshed by the next update;
// any other reason was written by hand and survives updates while its case still fails.
#include <map>
#include <string>

namespace ferry {
namespace onnx_backend {

constexpr const char* kAutoReasonPrefix = "auto: ";

// Case id ("node/test_det_2d") -> reason.
using ExpectedFailures = std::map<std::string, std::string>;

// Throws ferry::Exception naming `source` and the line for an entry without a reason, a
// malformed case id or a case listed twice.
ExpectedFailures parse_expected_failures(const std::string& text, const std::string& source);
ExpectedFailures read_expected_failures(const std::string& path);  // a missing file: an error

// The list after a run: every case in `failing` (id -> observed reason) with the old reason kept
// when it was hand-written, otherwise "auto: <observed>".
ExpectedFailures updated_expected_failures(const ExpectedFailures& old_list,
                                           const std::map<std::string, std::string>& failing);

// The file's text: a header, then the entries sorted by case id.
std::string format_expected_failures(const ExpectedFailures& list, const std::string& device = "TEMPLATE");

}  // namespace onnx_backend
}  // namespace ferry
