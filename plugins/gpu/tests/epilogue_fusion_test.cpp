// Bias, residual Add and activation fused into MatMul and Convolution kernels
// (src/epilogue_fusion.hpp): results against the core's reference evaluate, and the profiling
// records show which nodes ran in a fused kernel.

#include <gtest/gtest.h>

#include <map>

#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Constant> weights(const Shape& shape, unsigned seed) {
  const Tensor t = random_tensor(element::f32, shape, seed, -0.5, 0.5);
  return op::v0::Constant::create(element::f32, shape,
                                  std::vector<float>(t.data<float>(), t.data<float>() + t.get_size()));
}

std::shared_ptr<Node> conv3x3(const Output<Node>& x, size_t cin, size_t cout, unsigned seed) {
  return std::make_shared<op::v1::Convolution>(x, weights({cout, cin, 3, 3}, seed), Strides{1, 1}, CoordinateDiff{1, 1},
                                               CoordinateDiff{1, 1}, Strides{1, 1});
}

// Node name -> status of the profiling records of one inference of `model` on GPU; fused nodes
// must say so in their exec_type.
std::map<std::string, ProfilingInfo::Status> statuses(const std::shared_ptr<Model>& model) {
  Core core = make_core();
  CompiledModel compiled = core.compile_model(model, "GPU", enable_profiling(true));
  InferRequest request = compiled.create_infer_request();
  const TensorVector inputs = random_inputs(model, 5);
  for (size_t i = 0; i < inputs.size(); ++i) request.set_input_tensor(i, inputs[i]);
  request.infer();
  std::map<std::string, ProfilingInfo::Status> result;
  for (const auto& record : request.get_profiling_info()) {
    result[record.node_name] = record.status;
    if (record.status == ProfilingInfo::Status::OPTIMIZED_OUT && record.node_type != "Reshape") {
      EXPECT_EQ(record.exec_type, "fused") << record.node_name;
    }
  }
  return result;
}

TEST(EpilogueFusion, ConvolutionBiasResidualRelu) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 8, 9, 7});
  auto skip = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 16, 9, 7});
  auto conv = conv3x3(x, 8, 16, 1);
  conv->set_friendly_name("conv");
  auto bias = std::make_shared<op::v1::Add>(conv, weights({1, 16, 1, 1}, 2));
  bias->set_friendly_name("bias");
  auto residual = std::make_shared<op::v1::Add>(skip, bias);  // residual as the first input
  residual->set_friendly_name("residual");
  auto relu = std::make_shared<op::v0::Relu>(residual);
  relu->set_friendly_name("relu");
  auto model = std::make_shared<Model>(OutputVector{relu}, ParameterVector{x, skip});
  expect_matches_reference(model, random_inputs(model, 3));

  const auto status = statuses(model);
  EXPECT_EQ(status.at("conv"), ProfilingInfo::Status::EXECUTED);
  for (const char* fused : {"bias", "residual", "relu"})
    EXPECT_EQ(status.at(fused), ProfilingInfo::Status::OPTIMIZED_OUT) << fused;
}

TEST(EpilogueFusion, TransposedMatMulBiasClamp) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{3, 5, 37});
  auto matmul = std::make_shared<op::v0::MatMul>(x, weights({19, 37}, 4), false, true);
  auto bias = std::make_shared<op::v1::Add>(matmul, weights({19}, 5));
  auto clamp = std::make_shared<op::v0::Clamp>(bias, 0.0, 0.25);
  auto model = std::make_shared<Model>(OutputVector{clamp}, ParameterVector{x});
  expect_matches_reference(model, random_inputs(model, 6));
}

TEST(EpilogueFusion, AValueReadElsewhereIsNotFusedAway) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 4, 6, 6});
  auto conv = conv3x3(x, 4, 4, 7);
  auto bias = std::make_shared<op::v1::Add>(conv, weights({4, 1, 1}, 8));
  bias->set_friendly_name("bias");
  auto relu = std::make_shared<op::v0::Relu>(bias);
  relu->set_friendly_name("relu");
  // The pre-activation value is a model output too: the Relu must run on its own.
  auto model = std::make_shared<Model>(OutputVector{relu, bias}, ParameterVector{x});
  expect_matches_reference(model, random_inputs(model, 9));
  const auto status = statuses(model);
  EXPECT_EQ(status.at("relu"), ProfilingInfo::Status::EXECUTED);
}

TEST(EpilogueFusion, TwoBranchesMeetingAtOneResidualAdd) {
  // A ResNet downsampling block: conv->bias->relu->conv->bias and a 1x1 shortcut conv->bias, added, relu.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 6, 8, 8});
  auto main1 =
      std::make_shared<op::v0::Relu>(std::make_shared<op::v1::Add>(conv3x3(x, 6, 10, 10), weights({1, 10, 1, 1}, 11)));
  auto main2 = std::make_shared<op::v1::Add>(conv3x3(main1, 10, 12, 12), weights({1, 12, 1, 1}, 13));
  auto shortcut_conv = std::make_shared<op::v1::Convolution>(x, weights({12, 6, 1, 1}, 14), Strides{1, 1},
                                                             CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
  auto shortcut = std::make_shared<op::v1::Add>(shortcut_conv, weights({1, 12, 1, 1}, 15));
  auto out = std::make_shared<op::v0::Relu>(std::make_shared<op::v1::Add>(main2, shortcut));
  auto model = std::make_shared<Model>(OutputVector{out}, ParameterVector{x});
  expect_matches_reference(model, random_inputs(model, 16));
}

TEST(EpilogueFusion, DepthwiseConvolutionBiasClamp) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 5, 7, 7});
  auto conv = std::make_shared<op::v1::GroupConvolution>(x, weights({5, 1, 1, 3, 3}, 17), Strides{2, 2},
                                                         CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  // The bias as the ONNX frontend makes it: a [C] constant reshaped to [1, C, 1, 1].
  auto shape = op::v0::Constant::create(element::i64, Shape{4}, std::vector<int64_t>{1, 5, 1, 1});
  auto bias = std::make_shared<op::v1::Add>(conv, std::make_shared<op::v1::Reshape>(weights({5}, 18), shape, false));
  bias->set_friendly_name("bias");
  auto clamp = std::make_shared<op::v0::Clamp>(bias, 0.0, 6.0);
  auto model = std::make_shared<Model>(OutputVector{clamp}, ParameterVector{x});
  expect_matches_reference(model, random_inputs(model, 19));
  EXPECT_EQ(statuses(model).at("bias"), ProfilingInfo::Status::OPTIMIZED_OUT);
}

TEST(EpilogueFusion, BiasOfTheWrongShapeIsAPlainAdd) {
  // [1, 1, 1, 6] runs along the width, not the channels: not a convolution bias.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 3, 6, 6});
  auto conv = conv3x3(x, 3, 4, 20);
  auto add = std::make_shared<op::v1::Add>(conv, weights({1, 1, 1, 6}, 21));
  add->set_friendly_name("add");
  auto model = std::make_shared<Model>(OutputVector{add}, ParameterVector{x});
  expect_matches_reference(model, random_inputs(model, 22));
  EXPECT_EQ(statuses(model).at("add"), ProfilingInfo::Status::EXECUTED);
}

}  // namespace
}  // namespace ferry::gpu::test
