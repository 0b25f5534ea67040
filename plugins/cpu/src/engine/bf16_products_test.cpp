// MatrixPrecision::bf16: convolutions and MatMuls with constant weights compute on bf16 data and
// weights with f32 sums. Checked against core's reference executor twice: on the same model with
// its inputs and weights rounded to bf16 first, which the engine must match as closely as f32
// sums in another order allow (a product of two bf16 values is exact in f32), and on the model
// as given, from which the engine must differ by bf16's rounding (so bf16 really ran).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <oneapi/dnnl/dnnl.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/value/tensor.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"
#include "plugins/cpu/src/engine/testing/reference_comparison.hpp"

namespace ferry::cpu::engine {
namespace {

using test_support::steps_of;

// Round to nearest even on the upper 16 bits: the value bfloat16 keeps (finite inputs).
float to_bf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  bits = (bits + 0x7fffu + ((bits >> 16) & 1u)) & 0xffff0000u;
  std::memcpy(&value, &bits, sizeof(bits));
  return value;
}

std::vector<float> rounded(std::vector<float> values) {
  for (float& value : values) value = to_bf16(value);
  return values;
}

std::vector<float> random_values(size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> values(-1.f, 1.f);
  std::vector<float> drawn(count);
  for (float& value : drawn) value = values(random);
  return drawn;
}

bool host_has_bf16() {
  const auto isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
  const auto bf16 = static_cast<unsigned>(dnnl::cpu_isa::avx512_core_bf16);
  return (isa & bf16) == bf16;
}

// A model of one product (`make` builds it on a parameter of `input_shape` and the weights),
// its bias and activation.
using MakeProduct = std::function<Output<Node>(const Output<Node>& x, const std::vector<float>& weights)>;

std::shared_ptr<Model> product_model(const Shape& input_shape, const std::vector<float>& weights,
                                     const MakeProduct& make) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, input_shape);
  auto product = make(x, weights);
  return std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(std::make_shared<op::v0::Relu>(product))}, ParameterVector{x});
}

std::vector<float> reference(const std::shared_ptr<Model>& model, std::vector<float> input) {
  const Shape shape = model->get_parameters()[0]->get_output_shape(0);
  TensorVector outputs;
  ReferenceExecutor(model).run({Tensor(element::f32, shape, input.data())}, outputs);
  const float* data = outputs.at(0).data<float>();
  return std::vector<float>(data, data + outputs[0].get_size());
}

// Runs the product in bf16 and checks it against both references; returns its steps.
std::vector<std::string> check_bf16_product(const Shape& input_shape, const std::vector<float>& weights,
                                            const MakeProduct& make, const std::set<std::string>& types) {
  const auto model = product_model(input_shape, weights, make);
  const CompiledGraph graph(model, 0, MatrixPrecision::bf16);
  std::vector<float> input = random_values(shape_size(input_shape), 7);
  const auto result_shape = model->get_results()[0]->get_input_shape(0);
  std::vector<float> output(shape_size(result_shape));
  graph.run({input.data(), output.data()});

  const std::vector<float> exact = reference(model, input);
  const std::vector<float> of_rounded = reference(product_model(input_shape, rounded(weights), make), rounded(input));
  size_t far_from_rounded = 0, off_exact = 0;
  for (size_t i = 0; i < output.size(); ++i) {
    if (!test_support::close(output[i], of_rounded[i]) && far_from_rounded++ < 3)
      ADD_FAILURE() << "[" << i << "]: " << output[i] << ", reference on bf16-rounded values " << of_rounded[i];
    if (std::fabs(output[i] - exact[i]) > 1e-3f * std::fabs(exact[i]) + 1e-4f) ++off_exact;
  }
  EXPECT_EQ(far_from_rounded, 0u);
  // bf16 keeps 8 significant bits: most sums of f32 values land visibly off the f32 result.
  EXPECT_GT(off_exact, output.size() / 4) << "the engine computed in f32, not bf16";
  return steps_of(graph, types);
}

TEST(Bf16Products, ConvolutionWithBiasAndRelu) {
  if (!host_has_bf16()) GTEST_SKIP() << "this processor has no AVX512_BF16 (the CPU plugin refuses bf16 here)";
  const auto weights = random_values(32 * 16 * 3 * 3, 3);
  const auto steps =
      check_bf16_product({2, 16, 9, 9}, weights,
                         [](const Output<Node>& x, const std::vector<float>& w) -> Output<Node> {
                           auto filters = op::v0::Constant::create(element::f32, Shape{32, 16, 3, 3}, w);
                           auto convolution = std::make_shared<op::v1::Convolution>(
                               x, filters, Strides{1, 1}, CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
                           std::vector<float> bias(32);
                           for (size_t i = 0; i < bias.size(); ++i) bias[i] = 0.1f * static_cast<float>(i % 5) - 0.2f;
                           return std::make_shared<op::v1::Add>(
                               convolution, op::v0::Constant::create(element::f32, Shape{1, 32, 1, 1}, bias));
                         },
                         {"Convolution"});
  EXPECT_EQ(steps, (std::vector<std::string>{"Convolution:onednn_bf16+bias+relu"}));
}

TEST(Bf16Products, MatMulOverFoldedLeadingAxes) {
  if (!host_has_bf16()) GTEST_SKIP() << "this processor has no AVX512_BF16 (the CPU plugin refuses bf16 here)";
  const auto weights = random_values(64 * 48, 4);
  const auto steps = check_bf16_product(
      {2, 5, 64}, weights,
      [](const Output<Node>& x, const std::vector<float>& w) -> Output<Node> {
        return std::make_shared<op::v0::MatMul>(x, op::v0::Constant::create(element::f32, Shape{64, 48}, w));
      },
      {"MatMul"});
  EXPECT_EQ(steps, (std::vector<std::string>{"MatMul:onednn_bf16+relu"}));
}

TEST(Bf16Products, F32IsTheDefaultAndStaysExact) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{3, 8});
  auto model =
      std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(std::make_shared<op::v0::MatMul>(
                                  x, op::v0::Constant::create(element::f32, Shape{8, 4}, random_values(32, 5))))},
                              ParameterVector{x});
  const CompiledGraph graph(model);
  EXPECT_EQ(steps_of(graph, {"MatMul"}), (std::vector<std::string>{"MatMul:onednn"}));
  test_support::compare_with_reference(model, graph, 6);
}

}  // namespace
}  // namespace ferry::cpu::engine
