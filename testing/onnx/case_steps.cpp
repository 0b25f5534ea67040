#include "case_steps.hpp"

#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "tensor_proto.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

namespace fs = std::filesystem;

// prefix0.pb, prefix1.pb, ... in index order, until the first missing index.
std::vector<Tensor> read_numbered(const std::string& folder, const std::string& prefix) {
  std::vector<Tensor> tensors;
  for (size_t i = 0;; ++i) {
    const std::string path = folder + "/" + prefix + std::to_string(i) + ".pb";
    if (!fs::exists(path)) break;
    tensors.push_back(read_tensor_file(path));
  }
  return tensors;
}

}  // namespace

DataSet read_data_set(const std::string& folder) {
  DataSet data_set;
  data_set.name = fs::path(folder).filename().string();
  data_set.inputs = read_numbered(folder, "input_");
  data_set.expected = read_numbered(folder, "output_");
  FERRY_ASSERT(!data_set.expected.empty(), data_set.name, " has no output_0.pb");
  return data_set;
}

Tensor as_declared(const Tensor& tensor, const element::Type& declared) {
  if (declared != element::bf16 || tensor.get_element_type() != element::u16) return tensor;
  Tensor bf16(element::bf16, tensor.get_shape());
  std::memcpy(bf16.data(), tensor.data(), tensor.get_byte_size());
  return bf16;
}

std::string unsupported_ops(const Model& model, const SupportedOpsMap& supported) {
  std::set<std::string> types;
  std::ostringstream text;
  for (const auto& node : model.get_ordered_ops()) {
    if (supported.count(node->get_friendly_name())) continue;
    if (!types.insert(node->get_type_name()).second) continue;
    text << (types.size() > 1 ? ", " : "") << node->get_type_name() << " ('" << node->get_friendly_name() << "')";
  }
  return text.str();
}

}  // namespace onnx_backend
}  // namespace ferry
