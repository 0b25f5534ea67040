#pragma once

// Reads the backend tests' input_*.pb / output_*.pb files into Ferry tensors. Written apart from
// the ONNX frontend's own decoder on purpose: the referee must not share the code it checks.
#include <string>

#include "ferry/value/tensor.hpp"

namespace onnx {
class TensorProto;
}

namespace ferry {
namespace onnx_backend {

// A Ferry tensor holding the TensorProto's values (raw_data or its typed field). Throws
// ferry::Exception naming `what` for types the referee cannot hold (strings, complex numbers).
Tensor tensor_from_proto(const onnx::TensorProto& proto, const std::string& what);

// Parses the file as a TensorProto. A file holding a SequenceProto or OptionalProto fails to
// parse or yields a tensor without a data type: both raise, naming the path.
Tensor read_tensor_file(const std::string& path);

}  // namespace onnx_backend
}  // namespace ferry
