#pragma once

// Runs one ONNX backend node case (Debian's libonnx-testdata) through core's reference
// evaluation: the case's model.onnx on every test_data_set_* must give its expected outputs
// (rtol 1e-3, atol 1e-7 as ONNX's runner; NaN positions must match; integer outputs exactly).
// Shared by the per-family node-case tests in this folder.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "onnx_tensor.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace node_case {

inline bool exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

// The runfiles copy when the test's data names the case, else Debian's installed copy.
inline std::string case_dir(const std::string& name) {
  const char* root = std::getenv("TEST_SRCDIR");
  const std::string runfiles = std::string(root ? root : ".") + "/onnx/share/libonnx-testdata/data/node/" + name + "/";
  if (exists(runfiles + "model.onnx")) return runfiles;
  return "/usr/share/libonnx-testdata/data/node/" + name + "/";
}

inline Tensor read_tensor(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  onnx::TensorProto proto;
  EXPECT_TRUE(proto.ParseFromString(bytes.str())) << path;
  const auto constant = onnx_frontend::constant_from_tensor(proto, "", path);
  Tensor tensor(constant->get_element_type(), constant->get_shape());
  if (constant->get_byte_size() > 0)  // empty tensors may have no buffer at all
    std::memcpy(tensor.data(), constant->get_data_ptr(), constant->get_byte_size());
  return tensor;
}

inline std::vector<double> values_of(const Tensor& tensor) {
  std::vector<double> values(tensor.get_size());
  element::visit_storage(tensor.get_element_type(), "expected output", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = static_cast<const T*>(tensor.data());
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(data[i]);
  });
  return values;
}

inline void check_data_set(const std::shared_ptr<Model>& model, const std::string& dir) {
  TensorVector inputs, expected;
  for (size_t i = 0; exists(dir + "input_" + std::to_string(i) + ".pb"); ++i)
    inputs.push_back(read_tensor(dir + "input_" + std::to_string(i) + ".pb"));
  for (size_t i = 0; exists(dir + "output_" + std::to_string(i) + ".pb"); ++i)
    expected.push_back(read_tensor(dir + "output_" + std::to_string(i) + ".pb"));
  ASSERT_FALSE(expected.empty()) << "no expected outputs under " << dir;
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, inputs));
  ASSERT_EQ(outputs.size(), expected.size());
  for (size_t o = 0; o < outputs.size(); ++o) {
    ASSERT_EQ(outputs[o].get_element_type(), expected[o].get_element_type()) << "output " << o;
    ASSERT_EQ(outputs[o].get_shape(), expected[o].get_shape()) << "output " << o;
    const auto actual = values_of(outputs[o]);
    const auto wanted = values_of(expected[o]);
    for (size_t i = 0; i < actual.size(); ++i) {
      if (std::isnan(wanted[i])) {
        ASSERT_TRUE(std::isnan(actual[i])) << "output " << o << " element " << i;
        continue;
      }
      ASSERT_LE(std::fabs(actual[i] - wanted[i]), 1e-7 + 1e-3 * std::fabs(wanted[i]))
          << "output " << o << " element " << i << ": " << actual[i] << " vs " << wanted[i];
    }
  }
}

inline void check_node_case(const std::string& name) {
  const std::string dir = case_dir(name);
  ASSERT_TRUE(exists(dir + "model.onnx")) << dir;
  const auto model = read_onnx(dir + "model.onnx");
  for (size_t set = 0; exists(dir + "test_data_set_" + std::to_string(set) + "/output_0.pb"); ++set) {
    SCOPED_TRACE("test_data_set_" + std::to_string(set));
    check_data_set(model, dir + "test_data_set_" + std::to_string(set) + "/");
  }
}

}  // namespace node_case
}  // namespace ferry
