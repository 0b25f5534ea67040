// Models from ONNX's own backend node tests (Debian's libonnx-testdata): each case's model.onnx
// run on test_data_set_0's inputs must give its expected outputs (rtol 1e-3, atol 1e-7).
#include <cmath>
#include <fstream>
#include <sstream>

#include "ferry/graph/ops/constant.hpp"
#include "onnx_tensor.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

std::string case_dir(const std::string& name) {
  const char* root = std::getenv("TEST_SRCDIR");
  return std::string(root ? root : ".") + "/onnx/share/libonnx-testdata/data/node/" + name + "/";
}

bool exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

Tensor read_tensor(const std::string& path) {
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

class OnnxBackendNodeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxBackendNodeTest, MatchesExpectedOutputs) {
  const std::string dir = case_dir(GetParam());
  const auto model = read_onnx(dir + "model.onnx");
  TensorVector inputs, expected;
  for (size_t i = 0; exists(dir + "test_data_set_0/input_" + std::to_string(i) + ".pb"); ++i)
    inputs.push_back(read_tensor(dir + "test_data_set_0/input_" + std::to_string(i) + ".pb"));
  for (size_t i = 0; exists(dir + "test_data_set_0/output_" + std::to_string(i) + ".pb"); ++i)
    expected.push_back(read_tensor(dir + "test_data_set_0/output_" + std::to_string(i) + ".pb"));
  ASSERT_FALSE(expected.empty()) << "no expected outputs under " << dir;
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, inputs));
  ASSERT_EQ(outputs.size(), expected.size());
  for (size_t o = 0; o < outputs.size(); ++o) {
    ASSERT_EQ(outputs[o].get_shape(), expected[o].get_shape()) << "output " << o;
    ASSERT_EQ(expected[o].get_element_type(), element::f32);
    const auto actual = onnx_test::f32_values(outputs[o]);
    const auto wanted = onnx_test::f32_values(expected[o]);
    for (size_t i = 0; i < actual.size(); ++i)
      ASSERT_LE(std::fabs(actual[i] - wanted[i]), 1e-7 + 1e-3 * std::fabs(wanted[i]))
          << "output " << o << " element " << i << ": " << actual[i] << " vs " << wanted[i];
  }
}

INSTANTIATE_TEST_SUITE_P(NodeCases, OnnxBackendNodeTest,
                         ::testing::Values("test_add_bcast", "test_averagepool_2d_pads", "test_concat_2d_axis_0",
                                           "test_conv_with_strides_padding", "test_flatten_axis1",
                                           "test_gemm_all_attributes", "test_reduce_mean_keepdims_example",
                                           "test_matmul_2d", "test_maxpool_2d_pads", "test_relu",
                                           "test_reshape_negative_dim", "test_sigmoid", "test_softmax_axis_1",
                                           "test_transpose_default"));

}  // namespace
}  // namespace ferry
