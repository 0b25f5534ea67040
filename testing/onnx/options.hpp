#pragma once

// Command line of //testing/onnx:backend_tests.
#include <string>
#include <vector>

namespace ferry {
namespace onnx_backend {

struct Options {
  std::string device;
  std::string data = "/usr/share/libonnx-testdata/data";  // Debian's libonnx-testdata
  std::vector<std::string> dirs = {"node", "pytorch-converted", "pytorch-operator", "simple"};
  std::string report;  // folder for report.md / report.json; empty: a new temp folder
  std::string filter;  // ECMAScript regex searched in "<dir>/<case>"
  size_t jobs = 0;     // 0: one per core
  double timeout_s = 120;
  double rtol = 1e-3;  // ONNX's own runner: |got - expected| <= atol + rtol * |expected|
  double atol = 1e-7;
  std::string expected_failures;  // empty: the checked-in list; "none": no list
  std::string min_passed;         // a count or a file holding one; empty: the checked-in file
  bool strict = false;            // unexpectedly passing cases fail the run
  bool update_expected_failures = false;
  bool quiet = false;  // no line per non-passing case
  // Reshapes a model's dynamic inputs to the shapes of its first data set before compiling, as an
  // application does for a device whose graphs are static (NPU).
  bool reshape_to_data = false;
};

extern const char* const kUsage;

// Throws ferry::Exception naming the bad argument.
Options parse_options(int argc, char** argv);

}  // namespace onnx_backend
}  // namespace ferry
