#pragma once

// One ONNX backend test case on disk: <root>/<dir>/<case>/model.onnx with
// test_data_set_*/input_*.pb and output_*.pb, and what the referee reads from its model.
#include <string>
#include <vector>

namespace ferry {
namespace onnx_backend {

struct BackendCase {
  std::string dir;                     // "node"
  std::string name;                    // "test_abs"
  std::string path;                    // the case folder
  std::string model;                   // its model: model.onnx, else model.xml (OpenVINO IR, e.g. tools/real_models)
  std::vector<std::string> op_types;   // the graph's ONNX op types, sorted, each once ("Abs")
  std::vector<std::string> data_sets;  // test_data_set_* folders, sorted
  std::vector<std::string> outputs;    // the graph's output names, in order
  std::string unsupported_reason;      // set when an input or output is a sequence / optional
  std::string id() const { return dir + "/" + name; }
};

// Every case folder under root/<dir> for each of `dirs`, sorted by id. A dir that does not exist
// is an error (the test data is not installed where expected).
std::vector<BackendCase> find_cases(const std::string& root, const std::vector<std::string>& dirs);

// Reads the case's model.onnx for its op types and input / output kinds. Never throws: a model
// that does not parse leaves op_types empty (read_model reports it later).
BackendCase describe_case(const std::string& dir, const std::string& name, const std::string& path);

}  // namespace onnx_backend
}  // namespace ferry
