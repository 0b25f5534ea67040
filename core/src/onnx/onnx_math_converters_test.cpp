// The reduction / normalisation / math converters: what the node test data does not cover
// (refusals, opset differences, computed axes) on small hand-built models.
#include <cmath>

#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

onnx::ModelProto unary_model(const std::string& op_type, int64_t opset, const std::vector<int64_t>& dims = {2, 2},
                             int32_t type = onnx::TensorProto::FLOAT) {
  auto proto = make_model(opset);
  add_input(proto, "x", dims, type);
  add_node(proto, op_type, {"x"}, {"y"}, "n0");
  add_output(proto, "y");
  return proto;
}

TEST(OnnxMathConverters, ReduceSumAxesInputEmptyAtRunTimeReducesEverything) {
  auto proto = make_model(13);
  add_input(proto, "x", {2, 2});
  add_input(proto, "axes", {-1}, onnx::TensorProto::INT64);
  add_node(proto, "ReduceSum", {"x", "axes"}, {"y"}, "sum");
  add_output(proto, "y");
  const auto model = read(proto);
  const Tensor x = f32_tensor({2, 2}, {1, 2, 3, 4});
  Tensor none(element::i64, Shape{0});
  EXPECT_EQ(run(model, {x, none}), (std::vector<float>{10}));
  Tensor one(element::i64, Shape{1});
  one.data<int64_t>()[0] = 1;
  EXPECT_EQ(run(model, {x, one}), (std::vector<float>{3, 7}));
  // With noop_with_empty_axes an empty list returns the input.
  set_int(proto.mutable_graph()->mutable_node(0), "noop_with_empty_axes", 1);
  EXPECT_EQ(run(read(proto), {x, none}), (std::vector<float>{1, 2, 3, 4}));
}

TEST(OnnxMathConverters, ReduceAttributeAxesAndDefaults) {
  auto proto = unary_model("ReduceMax", 13);
  set_ints(proto.mutable_graph()->mutable_node(0), "axes", {0});
  set_int(proto.mutable_graph()->mutable_node(0), "keepdims", 0);
  EXPECT_EQ(run(read(proto), {f32_tensor({2, 2}, {1, 5, 3, 4})}), (std::vector<float>{3, 5}));
  EXPECT_EQ(run(read(unary_model("ReduceSumSquare", 13)), {f32_tensor({2, 2}, {1, 2, 3, 4})}),
            (std::vector<float>{30}));
  const auto lse = run(read(unary_model("ReduceLogSumExp", 13)), {f32_tensor({2, 2}, {1000, 1000, 1000, 1000})});
  EXPECT_NEAR(lse[0], 1000 + std::log(4.0), 1e-3);  // no overflow
  auto sum13 = unary_model("ReduceSum", 13);
  set_ints(sum13.mutable_graph()->mutable_node(0), "axes", {0});
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(sum13)), "attribute 'axes' is an input since opset 13");
}

TEST(OnnxMathConverters, Refusals) {
  auto mod = make_model(13);
  add_input(mod, "a", {2});
  add_input(mod, "b", {2});
  add_node(mod, "Mod", {"a", "b"}, {"y"}, "m");
  add_output(mod, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(mod)), "'fmod' must be 1 for floating-point inputs");
  auto shift = make_model(13);
  add_input(shift, "a", {2}, onnx::TensorProto::UINT8);
  add_input(shift, "b", {2}, onnx::TensorProto::UINT8);
  set_string(add_node(shift, "BitShift", {"a", "b"}, {"y"}, "s"), "direction", "UP");
  add_output(shift, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(shift)), "'direction' must be LEFT or RIGHT, got 'UP'");
  auto lp = unary_model("LpNormalization", 13);
  set_int(lp.mutable_graph()->mutable_node(0), "p", 1);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(lp)), "only p=2 is supported");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(unary_model("LRN", 13, {1, 2, 2, 2}))), "attribute 'size' is missing");
  auto ln = unary_model("LayerNormalization", 17);
  set_int(ln.mutable_graph()->mutable_node(0), "axis", 2);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(ln)), "axis 2 is out of range for rank 2");
}

TEST(OnnxMathConverters, ClipBeforeOpset11ReadsAttributes) {
  auto proto = unary_model("Clip", 10);
  set_float(proto.mutable_graph()->mutable_node(0), "min", -1.0f);
  set_float(proto.mutable_graph()->mutable_node(0), "max", 2.0f);
  EXPECT_EQ(run(read(proto), {f32_tensor({2, 2}, {-5, 0, 1.5f, 9})}), (std::vector<float>{-1, 0, 1.5f, 2}));
}

size_t count_ops(const Model& model, const std::string& type) {
  size_t count = 0;
  for (const auto& node : model.get_ordered_ops()) count += node->get_type_name() == type;
  return count;
}

// ReLU6 as PyTorch exports it: constant scalar bounds give one Clamp (which plugins fuse into the
// convolution before it), not a Maximum/Minimum pair.
TEST(OnnxMathConverters, ClipWithConstantBoundsIsOneClamp) {
  auto proto = make_model(13);
  add_input(proto, "x", {2, 3});
  add_initializer(proto, float_tensor("lo", {}, {0.0f}));
  add_initializer(proto, float_tensor("hi", {}, {6.0f}));
  add_node(proto, "Clip", {"x", "lo", "hi"}, {"y"}, "relu6");
  add_output(proto, "y");
  const auto model = read(proto);
  EXPECT_EQ(count_ops(*model, "Clamp"), 1u);
  EXPECT_EQ(count_ops(*model, "Maximum") + count_ops(*model, "Minimum"), 0u);
  EXPECT_EQ(run(model, {f32_tensor({2, 3}, {-1, 0, 2.5f, 6, 7, -0.0f})}), (std::vector<float>{0, 0, 2.5f, 6, 6, 0}));

  // Only a max ("" skips min): Clamp from the lowest float.
  auto upper_only = make_model(13);
  add_input(upper_only, "x", {3});
  add_initializer(upper_only, float_tensor("hi", {1}, {1.5f}));
  add_node(upper_only, "Clip", {"x", "", "hi"}, {"y"}, "upper");
  add_output(upper_only, "y");
  const auto upper_model = read(upper_only);
  EXPECT_EQ(count_ops(*upper_model, "Clamp"), 1u);
  EXPECT_EQ(run(upper_model, {f32_tensor({3}, {-1e30f, 1, 2})}), (std::vector<float>{-1e30f, 1, 1.5f}));
}

// Bounds given at run time, or min > max (ONNX: every value becomes max), keep Maximum/Minimum.
TEST(OnnxMathConverters, ClipWithRuntimeOrCrossedBoundsKeepsMaximumMinimum) {
  auto runtime = make_model(13);
  add_input(runtime, "x", {3});
  add_input(runtime, "lo", {});
  add_initializer(runtime, float_tensor("hi", {}, {2.0f}));
  add_node(runtime, "Clip", {"x", "lo", "hi"}, {"y"}, "runtime");
  add_output(runtime, "y");
  const auto runtime_model = read(runtime);
  EXPECT_EQ(count_ops(*runtime_model, "Clamp"), 0u);
  EXPECT_EQ(run(runtime_model, {f32_tensor({3}, {-3, 1, 5}), f32_tensor({}, {-1})}), (std::vector<float>{-1, 1, 2}));

  auto crossed = make_model(13);
  add_input(crossed, "x", {3});
  add_initializer(crossed, float_tensor("lo", {}, {3.0f}));
  add_initializer(crossed, float_tensor("hi", {}, {1.0f}));
  add_node(crossed, "Clip", {"x", "lo", "hi"}, {"y"}, "crossed");
  add_output(crossed, "y");
  const auto crossed_model = read(crossed);
  EXPECT_EQ(count_ops(*crossed_model, "Clamp"), 0u);
  EXPECT_EQ(run(crossed_model, {f32_tensor({3}, {-3, 2, 5})}), (std::vector<float>{1, 1, 1}));
}

TEST(OnnxMathConverters, LogSoftmaxBeforeOpset13CoercesTo2D) {
  // axis 0 of a [2,2] input: one softmax over all four values.
  auto proto = unary_model("LogSoftmax", 11);
  set_int(proto.mutable_graph()->mutable_node(0), "axis", 0);
  const auto out = run(read(proto), {f32_tensor({2, 2}, {0, 0, 0, 0})});
  for (float v : out) EXPECT_NEAR(v, -std::log(4.0f), 1e-6);
  auto hardmax = unary_model("Hardmax", 11);
  set_int(hardmax.mutable_graph()->mutable_node(0), "axis", 0);
  EXPECT_EQ(run(read(hardmax), {f32_tensor({2, 2}, {1, 3, 3, 2})}), (std::vector<float>{0, 1, 0, 0}));
}

TEST(OnnxMathConverters, ReciprocalSeluCeluShrink) {
  EXPECT_EQ(run(read(unary_model("Reciprocal", 13)), {f32_tensor({2, 2}, {1, 2, 4, -0.5f})}),
            (std::vector<float>{1, 0.5f, 0.25f, -2}));
  auto shrink = unary_model("Shrink", 13);
  set_float(shrink.mutable_graph()->mutable_node(0), "lambd", 1.0f);
  set_float(shrink.mutable_graph()->mutable_node(0), "bias", 0.5f);
  EXPECT_EQ(run(read(shrink), {f32_tensor({2, 2}, {-2, -1, 0.5f, 3})}), (std::vector<float>{-1.5f, 0, 0, 2.5f}));
  const auto celu = run(read(unary_model("Celu", 13)), {f32_tensor({2, 2}, {-1, 0, 1, 2})});
  EXPECT_NEAR(celu[0], std::exp(-1.0f) - 1, 1e-6);
  EXPECT_EQ(celu[3], 2.0f);
}

// The ops whose node cases use opsets below 7 (which the reader refuses), at opset 13.
TEST(OnnxMathConverters, HardSigmoidSeluSoftsignReduceLogSumInstanceNorm) {
  const std::vector<float> x{-3, -0.5f, 0, 2};
  const auto hard = run(read(unary_model("HardSigmoid", 13)), {f32_tensor({2, 2}, x)});
  const std::vector<float> hard_expected{0, 0.4f, 0.5f, 0.9f};
  for (size_t i = 0; i < hard.size(); ++i) EXPECT_NEAR(hard[i], hard_expected[i], 1e-6) << i;
  const auto selu = run(read(unary_model("Selu", 13)), {f32_tensor({2, 2}, x)});
  EXPECT_NEAR(selu[0], 1.0507010f * 1.6732632f * (std::exp(-3.0f) - 1), 1e-5);
  EXPECT_NEAR(selu[3], 1.0507010f * 2, 1e-5);
  const auto soft = run(read(unary_model("Softsign", 13)), {f32_tensor({2, 2}, x)});
  EXPECT_NEAR(soft[1], -1.0f / 3, 1e-6);
  EXPECT_NEAR(soft[3], 2.0f / 3, 1e-6);
  auto log_sum = unary_model("ReduceLogSum", 13);
  set_ints(log_sum.mutable_graph()->mutable_node(0), "axes", {1});
  const auto sums = run(read(log_sum), {f32_tensor({2, 2}, {1, 2, 3, 4})});
  EXPECT_NEAR(sums[0], std::log(3.0f), 1e-6);
  EXPECT_NEAR(sums[1], std::log(7.0f), 1e-6);

  auto norm = make_model(13);
  add_input(norm, "x", {1, 2, 2});
  add_initializer(norm, float_tensor("s", {2}, {2, 1}));
  add_initializer(norm, float_tensor("b", {2}, {0, 10}));
  set_float(add_node(norm, "InstanceNormalization", {"x", "s", "b"}, {"y"}, "in"), "epsilon", 0.0f);
  add_output(norm, "y");
  EXPECT_EQ(run(read(norm), {f32_tensor({1, 2, 2}, {1, 3, 4, 6})}), (std::vector<float>{-2, 2, 9, 11}));
}

onnx::ModelProto nll_model(const std::string& reduction, bool with_weight, bool ignore) {
  auto proto = make_model(13);
  add_input(proto, "x", {2, 3});
  add_input(proto, "t", {2}, onnx::TensorProto::INT64);
  std::vector<std::string> inputs{"x", "t"};
  if (with_weight) {
    add_initializer(proto, float_tensor("w", {3}, {1, 2, 3}));
    inputs.push_back("w");
  }
  auto* node = add_node(proto, "NegativeLogLikelihoodLoss", inputs, {"y"}, "nll");
  set_string(node, "reduction", reduction);
  if (ignore) set_int(node, "ignore_index", -1);
  add_output(proto, "y");
  return proto;
}

TEST(OnnxMathConverters, NegativeLogLikelihoodLoss) {
  const Tensor x = f32_tensor({2, 3}, {-1, -2, -3, -4, -5, -6});
  Tensor t(element::i64, Shape{2});
  t.data<int64_t>()[0] = 0;
  t.data<int64_t>()[1] = 2;
  EXPECT_EQ(run(read(nll_model("none", false, false)), {x, t}), (std::vector<float>{1, 6}));
  EXPECT_EQ(run(read(nll_model("mean", false, false)), {x, t}), (std::vector<float>{3.5f}));
  EXPECT_EQ(run(read(nll_model("sum", true, false)), {x, t}), (std::vector<float>{1 + 18}));
  EXPECT_EQ(run(read(nll_model("mean", true, false)), {x, t}), (std::vector<float>{19.0f / 4}));
  // An ignored target (even out of range) adds nothing and weighs nothing.
  t.data<int64_t>()[1] = -1;
  EXPECT_EQ(run(read(nll_model("none", true, true)), {x, t}), (std::vector<float>{1, 0}));
  EXPECT_EQ(run(read(nll_model("mean", true, true)), {x, t}), (std::vector<float>{1}));
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(nll_model("average", false, false))), "'reduction' must be none, sum or mean");
}

}  // namespace
}  // namespace ferry
