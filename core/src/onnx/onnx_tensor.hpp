#pragma once

// ONNX TensorProto / element types to Ferry Constants and element types.
#include <onnx/onnx_pb.h>

#include <memory>
#include <string>

#include "ferry/base/element_type.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace onnx_frontend {

// Fails naming `what` for ONNX types Ferry has no element type for (string, complex...).
element::Type element_type_from_onnx(int32_t onnx_type, const std::string& what);

// Reads the tensor's data from raw_data, its typed field, or external data (a file relative to
// `base_dir`, with optional offset and length). `what` names the tensor in error messages.
std::shared_ptr<op::v0::Constant> constant_from_tensor(const onnx::TensorProto& tensor, const std::string& base_dir,
                                                       const std::string& what);

}  // namespace onnx_frontend
}  // namespace ferry
