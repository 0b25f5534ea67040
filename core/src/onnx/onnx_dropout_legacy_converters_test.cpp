// Dropout at inference (every opset) and the pre-opset-7 semantics of binary broadcasting,
// BatchNormalization and PRelu, checked against hand-computed values and their error paths.
#include <cstring>

#include "ferry/graph/ops.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

Tensor bool_scalar(bool value) {
  Tensor tensor(element::boolean, Shape{});
  *static_cast<char*>(tensor.data()) = value ? 1 : 0;
  return tensor;
}

onnx::ModelProto dropout_model(int64_t opset, const std::vector<std::string>& inputs, bool mask) {
  auto model = make_model(opset);
  add_input(model, "x", {2, 2});
  if (inputs.size() > 1 && !inputs[1].empty()) add_input(model, inputs[1], {});
  if (inputs.size() > 2) add_input(model, inputs[2], {}, onnx::TensorProto::BOOL);
  add_node(model, "Dropout", inputs, mask ? std::vector<std::string>{"y", "z"} : std::vector<std::string>{"y"}, "drop");
  add_output(model, "y");
  if (mask) add_output(model, "z");
  return model;
}

const std::vector<float> kX = {1.0f, -2.0f, 3.5f, 0.0f};

TEST(OnnxDropout, InferenceIsIdentityWithAnAllTrueMask) {
  const auto model = read(dropout_model(13, {"x"}, true));
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, {f32_tensor({2, 2}, kX)}));
  EXPECT_EQ(f32_values(outputs[0]), kX);
  ASSERT_EQ(outputs[1].get_element_type(), element::boolean);
  const char* mask = static_cast<const char*>(outputs[1].data());
  EXPECT_EQ(std::vector<char>(mask, mask + 4), (std::vector<char>{1, 1, 1, 1}));
}

TEST(OnnxDropout, MaskBeforeOpset10HasTheDataType) {
  auto proto = dropout_model(7, {"x"}, true);
  set_float(proto.mutable_graph()->mutable_node(0), "ratio", 0.3f);
  TensorVector outputs;
  ASSERT_TRUE(read(proto)->evaluate(outputs, {f32_tensor({2, 2}, kX)}));
  EXPECT_EQ(f32_values(outputs[0]), kX);
  EXPECT_EQ(f32_values(outputs[1]), (std::vector<float>{1, 1, 1, 1}));
}

TEST(OnnxDropout, Opset6IsTestIsIgnoredForInference) {
  auto training = dropout_model(6, {"x"}, false);  // is_test defaults to 0
  EXPECT_EQ(run(read(training), {f32_tensor({2, 2}, kX)}), kX);
  auto test_mode = dropout_model(6, {"x"}, false);
  set_int(test_mode.mutable_graph()->mutable_node(0), "is_test", 1);
  EXPECT_EQ(run(read(test_mode), {f32_tensor({2, 2}, kX)}), kX);
}

TEST(OnnxDropout, ConstantTrainingModeDecidesWhileConverting) {
  auto proto = dropout_model(13, {"x", "", "t"}, false);
  proto.mutable_graph()->mutable_input()->RemoveLast();  // t becomes an initializer
  onnx::TensorProto t;
  t.set_name("t");
  t.set_data_type(onnx::TensorProto::BOOL);
  t.add_int32_data(1);
  add_initializer(proto, t);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "training mode with ratio 0.5");  // the default ratio
  proto.mutable_graph()->mutable_initializer(0)->set_int32_data(0, 0);
  EXPECT_EQ(run(read(proto), {f32_tensor({2, 2}, kX)}), kX);
}

TEST(OnnxDropout, RunTimeTrainingModeRefusesOnlyANonZeroRatio) {
  const auto model = read(dropout_model(13, {"x", "r", "t"}, true));
  const Tensor zero = f32_tensor({}, {0.0f}), half = f32_tensor({}, {0.5f});
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, {f32_tensor({2, 2}, kX), zero, bool_scalar(true)}));
  EXPECT_EQ(f32_values(outputs[0]), kX);
  outputs.clear();
  ASSERT_TRUE(model->evaluate(outputs, {f32_tensor({2, 2}, kX), half, bool_scalar(false)}));
  EXPECT_EQ(f32_values(outputs[0]), kX);
  outputs.clear();
  const std::string error = ONNX_ERROR_OF(model->evaluate(outputs, {f32_tensor({2, 2}, kX), half, bool_scalar(true)}));
  EXPECT_CONTAINS(error, "Dropout 'drop'");
  EXPECT_CONTAINS(error, "cannot be reproduced");
}

// A [2, 3, 2] A plus B placed by the legacy "axis".
std::vector<float> legacy_add(const std::vector<int64_t>& b_dims, const std::vector<float>& b, int64_t axis) {
  auto model = make_model(6);
  add_input(model, "a", {2, 3, 2});
  add_initializer(model, float_tensor("b", b_dims, b));
  auto* node = add_node(model, "Add", {"a", "b"}, {"y"}, "add");
  set_int(node, "broadcast", 1);
  if (axis >= 0) set_int(node, "axis", axis);
  add_output(model, "y");
  return run(read(model), {f32_tensor({2, 3, 2}, std::vector<float>(12, 0.0f))});
}

TEST(OnnxLegacyBroadcast, AxisPlacesBInsideA) {
  // B [3] at axis 1 varies along A's middle axis.
  EXPECT_EQ(legacy_add({3}, {1, 2, 3}, 1), (std::vector<float>{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3}));
  // B [2] without axis lines up with A's trailing axis.
  EXPECT_EQ(legacy_add({2}, {5, 7}, -1), (std::vector<float>{5, 7, 5, 7, 5, 7, 5, 7, 5, 7, 5, 7}));
  // B [2, 1] at axis 0: the 1 broadcasts along A's axis 1, B varies along axis 0.
  EXPECT_EQ(legacy_add({2, 1}, {1, 2}, 0), (std::vector<float>{1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2}));
}

TEST(OnnxLegacyBroadcast, RefusesMisplacedOrUnequalInputs) {
  auto model = make_model(6);
  add_input(model, "a", {2, 3});
  add_input(model, "b", {3});
  auto* node = add_node(model, "Sub", {"a", "b"}, {"y"}, "sub");
  add_output(model, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(model)), "without 'broadcast' the inputs must have equal shapes");
  set_int(node, "broadcast", 1);
  set_int(node, "axis", 2);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(model)), "attribute 'axis' 2 does not place B (rank 1) inside A (rank 2)");
  node->mutable_attribute(1)->set_i(1);
  node->set_op_type("Div");
  EXPECT_EQ(run(read(model), {f32_tensor({2, 3}, {2, 4, 6, 8, 10, 12}), f32_tensor({3}, {2, 4, 6})}),
            (std::vector<float>{1, 1, 1, 4, 2.5f, 2}));
}

onnx::ModelProto batch_norm_model(int64_t opset, const std::vector<int64_t>& param_dims, size_t count) {
  auto model = make_model(opset);
  add_input(model, "x", {2, 2, 2});
  add_initializer(model, float_tensor("scale", param_dims, std::vector<float>(count, 2.0f)));
  add_initializer(model, float_tensor("bias", param_dims, std::vector<float>(count, 1.0f)));
  std::vector<float> mean(count), var(count, 3.0f);
  for (size_t i = 0; i < count; ++i) mean[i] = float(i);
  add_initializer(model, float_tensor("mean", param_dims, mean));
  add_initializer(model, float_tensor("var", param_dims, var));
  add_node(model, "BatchNormalization", {"x", "scale", "bias", "mean", "var"}, {"y"}, "bn");
  add_output(model, "y");
  return model;
}

TEST(OnnxLegacyBatchNorm, IsTestIsIgnoredForInference) {
  auto model = batch_norm_model(6, {2}, 2);
  auto* node = model.mutable_graph()->mutable_node(0);
  set_float(node, "epsilon", 1.0f);                                               // sqrt(3 + 1) = 2: y = (x - mean) + 1
  EXPECT_EQ(run(read(model), {f32_tensor({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})}),  // is_test defaults to 0
            (std::vector<float>{2, 3, 3, 4, 6, 7, 7, 8}));
  set_int(node, "is_test", 1);
  set_int(node, "spatial", 1);
  EXPECT_EQ(run(read(model), {f32_tensor({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})}),
            (std::vector<float>{2, 3, 3, 4, 6, 7, 7, 8}));
}

TEST(OnnxLegacyBatchNorm, SpatialZeroNormalizesPerActivation) {
  auto model = batch_norm_model(7, {2, 2}, 4);  // mean [[0, 1], [2, 3]] per (channel, position)
  auto* node = model.mutable_graph()->mutable_node(0);
  set_float(node, "epsilon", 1.0f);
  set_int(node, "spatial", 0);
  EXPECT_EQ(run(read(model), {f32_tensor({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})}),
            (std::vector<float>{2, 2, 2, 2, 6, 6, 6, 6}));
}

TEST(OnnxLegacyPRelu, Opset6SlopeIsPerChannel) {
  for (const int64_t opset : {6, 9}) {
    auto model = make_model(opset);
    add_input(model, "x", {1, 2, 2});
    add_initializer(model, float_tensor("slope", {2}, {0.5f, 0.25f}));
    add_node(model, "PRelu", {"x", "slope"}, {"y"}, "prelu");
    add_output(model, "y");
    const auto y = run(read(model), {f32_tensor({1, 2, 2}, {-4, -8, -4, -8})});
    // Opset 6: per channel (axis 1); opset 7+: numpy-style along the last axis.
    EXPECT_EQ(y, opset == 6 ? (std::vector<float>{-2, -4, -1, -2}) : (std::vector<float>{-2, -2, -2, -2}))
        << "opset " << opset;
  }
}

}  // namespace
}  // namespace ferry
