#pragma once

// The steps of running one backend test case that do not decide its outcome, shared by the
// referee's case runner (case_runner.hpp) and the conformance suite's OnnxReference category
// (docs/CONFORMANCE.md): reading a test_data_set_* folder, giving its tensors the element types
// the model declares, and naming the ops a device leaves out.
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace onnx_backend {

struct DataSet {
  std::string name;              // "test_data_set_0"
  std::vector<Tensor> inputs;    // input_0.pb, input_1.pb, ... in index order
  std::vector<Tensor> expected;  // output_0.pb, output_1.pb, ...
};

// Reads input_<i>.pb and output_<i>.pb from i = 0 up to the first missing index. Throws
// ferry::Exception naming the file that cannot be read, or when the folder has no output_0.pb.
DataSet read_data_set(const std::string& folder);

// ONNX's test data holds bfloat16 values as uint16 bit patterns (numpy has no bfloat16): such a
// tensor becomes the bf16 tensor the model declares. Any other tensor is returned as it is.
Tensor as_declared(const Tensor& tensor, const element::Type& declared);

// The ops of `model` that `supported` (a device's query_model answer) leaves out, as
// "Type ('name')" once per type, comma-separated; empty when the device claims every op.
std::string unsupported_ops(const Model& model, const SupportedOpsMap& supported);

}  // namespace onnx_backend
}  // namespace ferry
