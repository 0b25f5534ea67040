// Reads the IR files OpenVINO 2026.4 wrote (testing/models/openvino) and checks that Ferry's
// reference execution of each reproduces OpenVINO CPU's outputs for the stored inputs.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/testing/ir_test_util.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

using ir_test::openvino_models_dir;

struct TensorFile {
  bool is_input = false;
  std::string name;
  element::Type type;
  Shape shape;
  std::string file;
};

// "<input|output> <name> <type> <rank> <dims...> <file>" per line (see make_openvino_ir.py).
std::vector<TensorFile> read_manifest(const std::string& model) {
  std::istringstream lines(ir_test::read_text(openvino_models_dir() + model + ".io.txt"));
  std::vector<TensorFile> tensors;
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    std::istringstream fields(line);
    TensorFile tensor;
    std::string kind, type;
    size_t rank = 0;
    fields >> kind >> tensor.name >> type >> rank;
    tensor.is_input = kind == "input";
    tensor.type = element::Type::from_string(type);
    tensor.shape.resize(rank);
    for (auto& length : tensor.shape) fields >> length;
    fields >> tensor.file;
    tensors.push_back(tensor);
  }
  return tensors;
}

Tensor load_tensor(const TensorFile& file) {
  Tensor tensor(file.type, file.shape);
  const std::string bytes = ir_test::read_text(openvino_models_dir() + file.file);
  EXPECT_EQ(bytes.size(), tensor.get_byte_size()) << file.file;
  std::memcpy(tensor.data(), bytes.data(), std::min(bytes.size(), tensor.get_byte_size()));
  return tensor;
}

std::shared_ptr<Model> read_model(const std::string& name) { return read_ir(openvino_models_dir() + name + ".xml"); }

class OpenVinoModelTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OpenVinoModelTest, EvaluatesToOpenVinoCpuOutputs) {
  const auto model = read_model(GetParam());
  const auto tensors = read_manifest(GetParam());
  TensorVector inputs(model->get_parameters().size());
  std::vector<TensorFile> expected;
  for (const auto& tensor : tensors) {
    if (!tensor.is_input) {
      expected.push_back(tensor);
      continue;
    }
    const auto input = model->input(tensor.name);  // by tensor name, as OpenVINO reported it
    const int64_t index =
        model->get_parameter_index(std::dynamic_pointer_cast<op::v0::Parameter>(input.get_node_shared_ptr()));
    ASSERT_GE(index, 0) << tensor.name;
    inputs[static_cast<size_t>(index)] = load_tensor(tensor);
  }
  ASSERT_EQ(expected.size(), model->get_results().size());

  TensorVector outputs;
  ReferenceExecutor(model).run(inputs, outputs);
  for (const auto& want : expected) {
    const int64_t index = model->get_result_index(model->output(want.name));
    ASSERT_GE(index, 0) << want.name;
    const Tensor& got = outputs[static_cast<size_t>(index)];
    ASSERT_EQ(got.get_shape(), want.shape) << want.name;
    ASSERT_EQ(got.get_element_type(), element::f32) << want.name;
    const Tensor reference = load_tensor(want);
    const float* actual = got.data<float>();
    const float* wanted = reference.data<float>();
    size_t bad = 0;
    for (size_t i = 0; i < reference.get_size(); ++i) {
      const float tolerance = 1e-5f * std::fabs(wanted[i]) + 1e-6f;
      if (!(std::fabs(actual[i] - wanted[i]) <= tolerance) && bad++ < 5)
        ADD_FAILURE() << GetParam() << " output " << want.name << "[" << i << "]: " << actual[i] << " vs OpenVINO "
                      << wanted[i];
    }
    EXPECT_EQ(bad, 0u) << want.name;
  }
  // Ferry's own writing of the model, for testing/models/check_ferry_ir_with_openvino.py
  // (bazel test keeps these in bazel-testlogs/.../test.outputs).
  if (const char* outputs_dir = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR"))
    save_model(model, std::string(outputs_dir) + "/" + GetParam() + ".xml");
}

INSTANTIATE_TEST_SUITE_P(AllModels, OpenVinoModelTest,
                         ::testing::Values("mlp", "cnn", "elementwise", "dynamic", "conv_variants", "op_versions"));

TEST(OpenVinoModelStructureTest, MlpKeepsNamesTypesAndSharesTheBin) {
  const auto model = read_model("mlp");
  EXPECT_EQ(model->get_friendly_name(), "mlp");
  ASSERT_EQ(model->get_parameters().size(), 1u);
  EXPECT_EQ(model->input().get_any_name(), "x");
  EXPECT_EQ(model->input().get_partial_shape(), PartialShape({2, 16}));
  EXPECT_EQ(model->output().get_names(), TensorNames({"probs"}));
  EXPECT_EQ(model->get_results()[0]->get_friendly_name(), "probs/sink");
  EXPECT_EQ(model->get_rt_info().at("OpenVINO Runtime").as<std::string>().rfind("2026.4", 0), 0u);

  std::multiset<std::string> types;
  std::set<const AlignedBuffer*> buffers;
  for (const auto& node : model->get_ordered_ops()) {
    types.insert(node->get_type_info().to_string());
    if (auto constant = as_type_ptr<op::v0::Constant>(node)) buffers.insert(constant->get_data_buffer().get());
  }
  EXPECT_EQ(types,
            (std::multiset<std::string>{"Parameter/opset1", "Constant/opset1", "Constant/opset1", "Constant/opset1",
                                        "Constant/opset1", "MatMul/opset1", "MatMul/opset1", "Add/opset1", "Add/opset1",
                                        "Relu/opset1", "Softmax/opset8", "Result/opset1"}));
  EXPECT_EQ(buffers.size(), 1u) << "every constant should point into the one .bin buffer";

  auto second_matmul =
      model->get_results()[0]->get_input_node_shared_ptr(0)->get_input_node_shared_ptr(0)->get_input_node_shared_ptr(0);
  auto matmul = as_type_ptr<op::v0::MatMul>(second_matmul);
  ASSERT_TRUE(matmul) << second_matmul->describe();
  EXPECT_TRUE(matmul->get_transpose_b());
  EXPECT_FALSE(matmul->get_transpose_a());
}

TEST(OpenVinoModelStructureTest, DynamicModelKeepsBoundsOfItsInput) {
  const auto model = read_model("dynamic");
  EXPECT_EQ(model->input().get_partial_shape(), PartialShape::parse("?,1..10,8"));
  // OpenVINO infers [?,6] (Reshape [0,-1] of [?,1,6]); a less precise inference is still right.
  EXPECT_TRUE(model->output().get_partial_shape().compatible(PartialShape::parse("?,6")))
      << model->output().get_partial_shape();
  EXPECT_EQ(model->output().get_partial_shape().rank(), Dimension(2));
  EXPECT_TRUE(model->is_dynamic());
}

TEST(OpenVinoModelStructureTest, ElementwiseModelKeepsInputOrderAndTypes) {
  const auto model = read_model("elementwise");
  ASSERT_EQ(model->inputs().size(), 3u);
  EXPECT_EQ(model->input(0).get_any_name(), "a");
  EXPECT_EQ(model->input(1).get_any_name(), "b");
  EXPECT_EQ(model->input(2).get_any_name(), "n");
  EXPECT_EQ(model->input(2).get_element_type(), element::i32);
  ASSERT_EQ(model->outputs().size(), 3u);
  EXPECT_EQ(model->output(0).get_any_name(), "concat");
  EXPECT_EQ(model->output(1).get_any_name(), "from_f16");
  EXPECT_EQ(model->output(2).get_any_name(), "n_f32");
  EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({4, 2, 6}));
  EXPECT_EQ(model->output(1).get_partial_shape(), PartialShape({2, 3, 4}));
}

TEST(OpenVinoModelStructureTest, OlderOpVersionsKeepTheirVersion) {
  const auto model = read_model("op_versions");
  std::set<std::string> types;
  for (const auto& node : model->get_ordered_ops()) types.insert(node->get_type_info().to_string());
  for (const char* expected :
       {"Softmax/opset1", "MaxPool/opset1", "MaxPool/opset8", "AvgPool/opset1", "AvgPool/opset14"})
    EXPECT_TRUE(types.count(expected)) << expected;
}

}  // namespace
}  // namespace ferry
