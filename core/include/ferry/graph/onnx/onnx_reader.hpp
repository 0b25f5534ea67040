#pragma once

// The ONNX frontend: reads an ONNX ModelProto (opsets 1-17 of the default domain) into a Ferry
// Model of built-in ops. Graph inputs become Parameters (symbolic dims are dynamic), initializers
// become Constants, and every output keeps its ONNX name as a tensor name.
#include <memory>
#include <string>

#include "ferry/graph/model.hpp"

namespace ferry {

// Reads `path`; external tensor data is resolved relative to the file's folder.
std::shared_ptr<Model> read_onnx(const std::string& path);

// Reads a serialized ModelProto held in memory; external tensor data is resolved relative to
// `base_dir` (empty: the current folder). `source_name` names the model in error messages.
std::shared_ptr<Model> read_onnx_from_memory(const std::string& bytes, const std::string& base_dir = "",
                                             const std::string& source_name = "<memory>");

}  // namespace ferry
