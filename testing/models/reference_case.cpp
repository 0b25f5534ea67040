#include "testing/models/reference_case.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry::testing {
namespace {

constexpr size_t kMaxRank = 16;  // more than any model here has; bounds the shape read next

}  // namespace

ReferenceCase load_reference_case(const std::string& models_dir, const std::string& model_name) {
  const std::filesystem::path dir(models_dir);
  ReferenceCase result;
  result.model_name = model_name;
  result.xml_path = (dir / (model_name + ".xml")).string();
  const std::filesystem::path manifest_path = dir / (model_name + ".io.txt");
  std::ifstream manifest(manifest_path);
  FERRY_ASSERT(manifest, "cannot read '", manifest_path.string(), "'");
  std::string line;
  while (std::getline(manifest, line)) {
    if (line.empty()) continue;
    std::istringstream fields(line);
    std::string kind, type, file;
    StoredTensor tensor;
    size_t rank = 0;
    fields >> kind >> tensor.name >> type >> rank;
    FERRY_ASSERT(fields && rank <= kMaxRank, manifest_path.string(), ": malformed line '", line, "'");
    tensor.type = element::Type::from_string(type);
    tensor.shape.resize(rank);
    for (auto& dim : tensor.shape) fields >> dim;
    fields >> file;
    FERRY_ASSERT(fields && (kind == "input" || kind == "output"), manifest_path.string(), ": malformed line '", line,
                 "'");
    std::ifstream data(dir / file, std::ios::binary);
    FERRY_ASSERT(data, "cannot read '", (dir / file).string(), "'");
    tensor.bytes.assign(std::istreambuf_iterator<char>(data), std::istreambuf_iterator<char>());
    FERRY_ASSERT(tensor.bytes.size() == shape_size(tensor.shape) * tensor.type.size(), (dir / file).string(), ": ",
                 tensor.bytes.size(), " bytes, the manifest says ", shape_size(tensor.shape), " x ",
                 tensor.type.size());
    (kind == "input" ? result.inputs : result.outputs).push_back(std::move(tensor));
  }
  FERRY_ASSERT(!result.inputs.empty() && !result.outputs.empty(), manifest_path.string(), ": no inputs or no outputs");
  return result;
}

}  // namespace ferry::testing
