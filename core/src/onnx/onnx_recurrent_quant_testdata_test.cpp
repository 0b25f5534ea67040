// ONNX backend node cases (Debian's libonnx-testdata) for the recurrent, Einsum and quantisation
// converters: every test_data_set_* of each case must give its expected outputs: floats within
// rtol 1e-3 / atol 1e-7 (ONNX's runner), integers exactly.
#include <cmath>
#include <fstream>
#include <sstream>

#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "onnx_tensor.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

bool file_exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

// Under runfiles when the build's data lists the case, else Debian's installed copy.
std::string node_case_dir(const std::string& name) {
  const char* root = std::getenv("TEST_SRCDIR");
  const std::string runfiles = std::string(root ? root : ".") + "/onnx/share/libonnx-testdata/data/node/" + name + "/";
  return file_exists(runfiles + "model.onnx") ? runfiles : "/usr/share/libonnx-testdata/data/node/" + name + "/";
}

Tensor load_tensor(const std::string& path) {
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

std::vector<double> as_doubles(const Tensor& tensor) {
  std::vector<double> values(tensor.get_size());
  element::visit_storage(tensor.get_element_type(), "output", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = static_cast<const T*>(tensor.data());
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(data[i]);
  });
  return values;
}

void expect_data_set(const std::shared_ptr<Model>& model, const std::string& dir) {
  TensorVector inputs, expected, outputs;
  for (size_t i = 0; file_exists(dir + "input_" + std::to_string(i) + ".pb"); ++i)
    inputs.push_back(load_tensor(dir + "input_" + std::to_string(i) + ".pb"));
  for (size_t i = 0; file_exists(dir + "output_" + std::to_string(i) + ".pb"); ++i)
    expected.push_back(load_tensor(dir + "output_" + std::to_string(i) + ".pb"));
  ASSERT_FALSE(expected.empty()) << dir;
  ASSERT_TRUE(model->evaluate(outputs, inputs));
  ASSERT_EQ(outputs.size(), expected.size());
  for (size_t o = 0; o < outputs.size(); ++o) {
    ASSERT_EQ(outputs[o].get_element_type(), expected[o].get_element_type()) << "output " << o;
    ASSERT_EQ(outputs[o].get_shape(), expected[o].get_shape()) << "output " << o;
    const bool exact = !expected[o].get_element_type().is_real();
    const auto actual = as_doubles(outputs[o]), wanted = as_doubles(expected[o]);
    for (size_t i = 0; i < actual.size(); ++i) {
      if (exact)
        ASSERT_EQ(actual[i], wanted[i]) << "output " << o << " element " << i;
      else
        ASSERT_LE(std::fabs(actual[i] - wanted[i]), 1e-7 + 1e-3 * std::fabs(wanted[i]))
            << "output " << o << " element " << i << ": " << actual[i] << " vs " << wanted[i];
    }
  }
}

class OnnxRecurrentQuantNodeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxRecurrentQuantNodeTest, MatchesExpectedOutputs) {
  const std::string dir = node_case_dir(GetParam());
  ASSERT_TRUE(file_exists(dir + "model.onnx")) << dir;
  const auto model = read_onnx(dir + "model.onnx");
  for (size_t set = 0; file_exists(dir + "test_data_set_" + std::to_string(set) + "/output_0.pb"); ++set) {
    SCOPED_TRACE("test_data_set_" + std::to_string(set));
    expect_data_set(model, dir + "test_data_set_" + std::to_string(set) + "/");
  }
}

INSTANTIATE_TEST_SUITE_P(NodeCases, OnnxRecurrentQuantNodeTest,
                         ::testing::Values(
                             // LSTM, GRU, RNN
                             "test_lstm_defaults", "test_lstm_with_initial_bias", "test_lstm_batchwise",
                             "test_lstm_with_peepholes", "test_gru_defaults", "test_gru_with_initial_bias",
                             "test_gru_seq_length", "test_gru_batchwise", "test_rnn_seq_length",
                             "test_simple_rnn_defaults", "test_simple_rnn_with_initial_bias",
                             "test_simple_rnn_batchwise",
                             // Einsum
                             "test_einsum_batch_diagonal", "test_einsum_batch_matmul", "test_einsum_inner_prod",
                             "test_einsum_sum", "test_einsum_transpose",
                             // quantisation
                             "test_quantizelinear", "test_quantizelinear_axis", "test_dequantizelinear",
                             "test_dequantizelinear_axis", "test_dynamicquantizelinear",
                             "test_dynamicquantizelinear_max_adjusted", "test_dynamicquantizelinear_min_adjusted",
                             "test_matmulinteger", "test_convinteger_with_padding", "test_convinteger_without_padding",
                             "test_qlinearmatmul_2D", "test_qlinearmatmul_3D", "test_qlinearconv"));

}  // namespace
}  // namespace ferry
