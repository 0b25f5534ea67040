#include "backend_case.hpp"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

namespace fs = std::filesystem;

// "" for a tensor; otherwise what kind of value the referee cannot feed or compare.
std::string non_tensor_kind(const onnx::TypeProto& type) {
  if (type.has_tensor_type()) return "";
  if (type.has_sequence_type()) return "a sequence";
  if (type.has_optional_type()) return "an optional";
  if (type.has_map_type()) return "a map";
  if (type.has_sparse_tensor_type()) return "a sparse tensor";
  return "";  // no type given: assume a tensor
}

}  // namespace

BackendCase describe_case(const std::string& dir, const std::string& name, const std::string& path) {
  BackendCase result;
  result.dir = dir;
  result.name = name;
  result.path = path;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(path, error))
    if (entry.is_directory() && entry.path().filename().string().rfind("test_data_set_", 0) == 0)
      result.data_sets.push_back(entry.path().string());
  std::sort(result.data_sets.begin(), result.data_sets.end());

  result.model = path + "/model.onnx";
  if (!fs::exists(result.model) && fs::exists(path + "/model.xml")) {
    result.model = path + "/model.xml";  // IR: no ONNX op types to tally
    return result;
  }
  std::ifstream file(result.model, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  onnx::ModelProto model;
  if (!file || !model.ParseFromString(bytes.str())) return result;
  std::set<std::string> ops;
  for (const auto& node : model.graph().node())
    ops.insert(node.domain().empty() || node.domain() == "ai.onnx" ? node.op_type()
                                                                   : node.domain() + "." + node.op_type());
  result.op_types.assign(ops.begin(), ops.end());
  for (const auto& output : model.graph().output()) result.outputs.push_back(output.name());
  for (const auto* values : {&model.graph().input(), &model.graph().output()}) {
    for (const auto& value : *values) {
      const std::string kind = non_tensor_kind(value.type());
      if (kind.empty()) continue;
      result.unsupported_reason = std::string(values == &model.graph().input() ? "input" : "output") + " '" +
                                  value.name() + "' is " + kind +
                                  ", not a tensor: the referee feeds and compares tensors only";
      return result;
    }
  }
  return result;
}

std::vector<BackendCase> find_cases(const std::string& root, const std::vector<std::string>& dirs) {
  std::vector<BackendCase> cases;
  for (const auto& dir : dirs) {
    const fs::path folder = fs::path(root) / dir;
    FERRY_ASSERT(fs::is_directory(folder), "ONNX backend test data folder '", folder.string(),
                 "' does not exist (install Debian's libonnx-testdata or pass --data)");
    for (const auto& entry : fs::directory_iterator(folder))
      if (entry.is_directory() && (fs::exists(entry.path() / "model.onnx") || fs::exists(entry.path() / "model.xml")))
        cases.push_back(describe_case(dir, entry.path().filename().string(), entry.path().string()));
  }
  std::sort(cases.begin(), cases.end(), [](const BackendCase& a, const BackendCase& b) { return a.id() < b.id(); });
  return cases;
}

}  // namespace onnx_backend
}  // namespace ferry
