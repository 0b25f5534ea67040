// f16 arithmetic where the device compiler has cl_khr_fp16 (kernels/storage.cl: HALF_ARITHMETIC).
// PoCL's CPU device lacks the extension, so these tests build the plugin's kernels with the
// offline compiler of tests/support/offline_compiler.hpp (clang 15 with cl_khr_fp16, SPIR for
// PoCL) and run the plugin in process, as the Core would: compile_model, a request, infer.

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "device_enumerator.hpp"
#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/value/properties.hpp"
#include "plugins/gpu/src/plugin.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"
#include "support/offline_compiler.hpp"

namespace ferry::gpu {
namespace {

using test::half_exact_constant;
using test::model_of;
using test::widened_to_f32;

const AnyMap kHalf{{hint::inference_precision.name(), element::f16}};
const AnyMap kFloat{{hint::inference_precision.name(), element::f32}};

// One plugin per compiler for the whole binary: each keeps the programs it built.
const std::shared_ptr<Plugin>& half_plugin() {
  static const auto plugin = std::make_shared<Plugin>(test::clang_fp16_spir_compiler());
  return plugin;
}
const std::shared_ptr<Plugin>& driver_plugin() {
  static const auto plugin = std::make_shared<Plugin>();
  return plugin;
}

TensorVector infer(const std::shared_ptr<Plugin>& plugin, const std::shared_ptr<Model>& model, const AnyMap& properties,
                   const TensorVector& inputs) {
  const auto compiled = plugin->compile_model(model, properties);
  const auto request = compiled->create_sync_infer_request();
  for (size_t i = 0; i < inputs.size(); ++i) request->set_tensor(compiled->inputs()[i], inputs[i]);
  request->infer();
  TensorVector outputs;
  for (const auto& port : compiled->outputs()) outputs.push_back(widened_to_f32(request->get_tensor(port)));
  return outputs;
}

Tensor filled(const Shape& shape, const std::vector<float>& values) {
  Tensor tensor(element::f32, shape);
  for (size_t i = 0; i < tensor.get_size(); ++i) tensor.data<float>()[i] = values[i % values.size()];
  return tensor;
}

// f16-exact random inputs for every parameter (so the device and the reference see one value).
TensorVector half_exact_inputs(const std::shared_ptr<Model>& model, unsigned seed) {
  TensorVector inputs;
  for (const auto& parameter : model->get_parameters())
    inputs.push_back(widened_to_f32(
        test::random_tensor(element::f16, parameter->get_partial_shape().to_shape(), seed++, -1.0, 1.0)));
  return inputs;
}

// The plugin's first device must take the offline compiler's SPIR (PoCL's).
class HalfArithmetic : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
    ASSERT_FALSE(devices.empty());
    const std::string unusable = test::why_offline_spir_cannot_run(devices[0].info.platform_name);
    if (!unusable.empty()) GTEST_SKIP() << unusable;
  }
};

// The model at f16 on the half-arithmetic plugin against the f32 reference on the same values.
// Tolerance: every product and sum is rounded to half (unit roundoff 2^-11), so over K terms of
// magnitude <= 1 the error grows like sqrt(K) * 2^-11 * |partial sums|; for the K <= 300 of these
// cases that stays below 0.03 + 1% of the value (measured: the worst element uses 57% of it).
void expect_close_to_reference(const std::shared_ptr<Model>& model, unsigned seed) {
  const TensorVector inputs = half_exact_inputs(model, seed);
  TensorVector expected;
  ReferenceExecutor(model).run(inputs, expected);
  const TensorVector actual = infer(half_plugin(), model, kHalf, inputs);
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t k = 0; k < actual.size(); ++k)
    test::expect_values_close(actual[k], expected[k], 0.03, 0.01, "output " + std::to_string(k) + " (half arithmetic)");
}

// 2048 + 1 is 2048 in half (its spacing there is 2): a dot product of 4096 ones stops at 2048
// when it accumulates in half, and reaches 4096 (stored exactly as f16) when it accumulates in
// float. The matrix product is the engine of MatMul and Convolution.
TEST_F(HalfArithmetic, MatMulAccumulatesInHalfWhereTheCompilerHasFp16) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 4096});
  auto w = op::v0::Constant::create(element::f32, Shape{4096, 1}, std::vector<float>(4096, 1.0f));
  const auto model = model_of(std::make_shared<op::v0::MatMul>(x, w), {x});
  const TensorVector ones{filled({1, 4096}, {1.0f})};

  EXPECT_EQ(infer(half_plugin(), model, kHalf, ones)[0].data<float>()[0], 2048.0f);
  // f16 storage with float arithmetic (PoCL's own compiler: no cl_khr_fp16), and f32.
  EXPECT_EQ(infer(driver_plugin(), model, kHalf, ones)[0].data<float>()[0], 4096.0f);
  EXPECT_EQ(infer(half_plugin(), model, kFloat, ones)[0].data<float>()[0], 4096.0f);
}

// The same for the depthwise kernel: 2048 + 1 + 1 is 2048 in half steps, 2050 in float (and 2050
// is an f16 number).
TEST_F(HalfArithmetic, DepthwiseConvolutionAccumulatesInHalf) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 2, 1, 3});
  auto w = op::v0::Constant::create(element::f32, Shape{2, 1, 1, 1, 3}, std::vector<float>(6, 1.0f));
  const auto model = model_of(std::make_shared<op::v1::GroupConvolution>(x, w, Strides{1, 1}, CoordinateDiff{0, 0},
                                                                         CoordinateDiff{0, 0}, Strides{1, 1}),
                              {x});
  const TensorVector input{filled({1, 2, 1, 3}, {2048.0f, 1.0f, 1.0f})};
  const Tensor half = infer(half_plugin(), model, kHalf, input)[0];
  const Tensor single = infer(driver_plugin(), model, kHalf, input)[0];
  for (size_t c = 0; c < 2; ++c) {
    EXPECT_EQ(half.data<float>()[c], 2048.0f) << c;
    EXPECT_EQ(single.data<float>()[c], 2050.0f) << c;
  }
}

TEST_F(HalfArithmetic, MatMulWithBiasAndSigmoidMatchesTheReference) {
  auto a = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 37, 300});
  auto b = half_exact_constant(element::f32, Shape{70, 300}, 11, -1.0, 1.0);  // transposed B
  auto bias = half_exact_constant(element::f32, Shape{70}, 12, -1.0, 1.0);
  auto product = std::make_shared<op::v0::MatMul>(a, b, false, true);
  expect_close_to_reference(
      model_of(std::make_shared<op::v0::Sigmoid>(std::make_shared<op::v1::Add>(product, bias)), {a}), 13);
}

TEST_F(HalfArithmetic, ConvolutionWithBiasAndReluMatchesTheReference) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2, 16, 9, 11});
  auto w = half_exact_constant(element::f32, Shape{24, 16, 3, 3}, 21, -1.0, 1.0);  // K = 144
  auto bias = half_exact_constant(element::f32, Shape{1, 24, 1, 1}, 22, -1.0, 1.0);
  auto conv = std::make_shared<op::v1::Convolution>(x, w, Strides{2, 1}, CoordinateDiff{1, 1}, CoordinateDiff{1, 1},
                                                    Strides{1, 1});
  expect_close_to_reference(model_of(std::make_shared<op::v0::Relu>(std::make_shared<op::v1::Add>(conv, bias)), {x}),
                            23);
}

TEST_F(HalfArithmetic, PointwiseConvolutionWithResidualAndClampMatchesTheReference) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 64, 7, 7});
  auto residual = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 32, 7, 7});
  auto w = half_exact_constant(element::f32, Shape{32, 64, 1, 1}, 31, -1.0, 1.0);
  auto conv = std::make_shared<op::v1::Convolution>(x, w, Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
                                                    Strides{1, 1});
  auto sum = std::make_shared<op::v1::Add>(conv, residual);
  expect_close_to_reference(model_of(std::make_shared<op::v0::Clamp>(sum, 0.0, 6.0), {x, residual}), 32);
}

TEST_F(HalfArithmetic, GroupAndDepthwiseConvolutionMatchTheReference) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 12, 10, 10});
  auto grouped = std::make_shared<op::v1::GroupConvolution>(
      x, half_exact_constant(element::f32, Shape{3, 8, 4, 3, 3}, 41, -1.0, 1.0), Strides{1, 1}, CoordinateDiff{1, 1},
      CoordinateDiff{1, 1}, Strides{1, 1});
  expect_close_to_reference(model_of(grouped, {x}), 42);
  auto depthwise = std::make_shared<op::v1::GroupConvolution>(
      x, half_exact_constant(element::f32, Shape{12, 1, 1, 5, 5}, 43, -1.0, 1.0), Strides{2, 2}, CoordinateDiff{2, 2},
      CoordinateDiff{2, 2}, Strides{1, 1});
  auto bias = half_exact_constant(element::f32, Shape{1, 12, 1, 1}, 44, -1.0, 1.0);
  expect_close_to_reference(
      model_of(std::make_shared<op::v0::Clamp>(std::make_shared<op::v1::Add>(depthwise, bias), 0.0, 6.0), {x}), 45);
}

}  // namespace
}  // namespace ferry::gpu
