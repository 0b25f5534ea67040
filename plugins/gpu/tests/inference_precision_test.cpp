// INFERENCE_PRECISION_HINT on the GPU plugin: f16 stores weights and intermediates as f16 and
// computes in float (PoCL has no cl_khr_fp16), matching the f32 reference within f16's accuracy;
// f32 gives exactly the results of a model compiled without the hint; other values are refused.
//
// Tolerance under f16: |gpu - ref| <= 2e-3 + 1e-2 * |ref| (f16 has an 11-bit significand: each
// stored value is off by up to 2^-11 relative, a few roundings per layer).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "ferry/gpu/properties.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

constexpr double kAtol = 2e-3, kRtol = 1e-2;

std::shared_ptr<op::v0::Constant> weights(const Shape& shape, unsigned seed) {
  const Tensor t = random_tensor(element::f32, shape, seed, -0.5, 0.5);
  return std::make_shared<op::v0::Constant>(element::f32, shape, t.data());
}

// x[1,3,16,16] -> Conv 8x3x3x3 (pad 1) + bias -> Relu -> MaxPool 2x2 -> Reshape [1,512]
// -> MatMul 512x10 + bias -> Softmax.
std::shared_ptr<Model> make_cnn_classifier() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 3, 16, 16});
  auto conv = std::make_shared<op::v1::Convolution>(x, weights({8, 3, 3, 3}, 1), Strides{1, 1}, CoordinateDiff{1, 1},
                                                    CoordinateDiff{1, 1}, Strides{1, 1});
  conv->set_friendly_name("conv");
  auto relu = std::make_shared<op::v0::Relu>(std::make_shared<op::v1::Add>(conv, weights({1, 8, 1, 1}, 2)));
  auto pool = std::make_shared<op::v1::MaxPool>(relu, Strides{2, 2}, Shape{0, 0}, Shape{0, 0}, Shape{2, 2});
  pool->set_friendly_name("pool");
  auto flat = std::make_shared<op::v1::Reshape>(pool, ints({1, 512}), false);
  auto matmul = std::make_shared<op::v0::MatMul>(flat, weights({512, 10}, 3));
  matmul->set_friendly_name("matmul");
  auto logits = std::make_shared<op::v1::Add>(matmul, weights({10}, 4));
  auto probs = std::make_shared<op::v8::Softmax>(logits, 1);
  probs->set_friendly_name("probs");
  return std::make_shared<Model>(OutputVector{probs}, ParameterVector{x}, "cnn");
}

// Every element of `actual` within the f16 tolerance of `expected` (both f32); the largest error.
double expect_within_f16_tolerance(const Tensor& actual, const Tensor& expected, const std::string& context) {
  EXPECT_EQ(actual.get_shape(), expected.get_shape()) << context;
  if (actual.get_shape() != expected.get_shape()) return 0.0;
  double worst = 0.0;
  for (size_t i = 0; i < actual.get_size(); ++i) {
    const double ref = expected.data<float>()[i], got = actual.data<float>()[i];
    EXPECT_NEAR(got, ref, kAtol + kRtol * std::abs(ref)) << context << " element " << i;
    worst = std::max(worst, std::abs(got - ref));
  }
  return worst;
}

// (weights, intermediates) bytes GPU_MEMORY_STATISTICS adds for `model` compiled with `properties`
// and one infer request; `output`: that request's result for `input`.
std::pair<uint64_t, uint64_t> memory_of(Core& core, const std::shared_ptr<Model>& model, const AnyMap& properties,
                                        const Tensor& input, Tensor& output, CompiledModel* keep = nullptr) {
  const auto before = core.get_property("GPU", memory_statistics);
  CompiledModel compiled = core.compile_model(model, "GPU", properties);
  InferRequest request = compiled.create_infer_request();
  const auto after = core.get_property("GPU", memory_statistics);
  request.set_input_tensor(input);
  request.infer();
  output = Tensor(element::f32, request.get_output_tensor(0).get_shape());
  request.get_output_tensor(0).copy_to(output);
  if (keep) *keep = compiled;
  return {after.at("weights") - before.at("weights"), after.at("intermediates") - before.at("intermediates")};
}

TEST(GpuInferencePrecision, F16MatchesTheReferenceWithHalfTheMemory) {
  Core core = make_core();
  const auto model = make_cnn_classifier();
  const Tensor input = random_tensor(element::f32, Shape{1, 3, 16, 16}, 7, -1.0, 1.0);
  TensorVector expected;
  ReferenceExecutor(model).run({input}, expected);

  Tensor out32, out16;
  const auto [weights32, intermediates32] = memory_of(core, model, {}, input, out32);
  CompiledModel compiled16;
  const auto [weights16, intermediates16] =
      memory_of(core, model, {{ferry::hint::inference_precision.name(), element::f16}, {enable_profiling.name(), true}},
                input, out16, &compiled16);

  ASSERT_EQ(out16.get_element_type(), element::f32);  // the outputs keep the model's type
  const double worst = expect_within_f16_tolerance(out16, expected[0], "cnn");
  // f16 really happened: not the f32 path's results to the bit.
  EXPECT_NE(std::memcmp(out16.data(), out32.data(), out32.get_byte_size()), 0) << "worst error " << worst;

  // Weights: 8*3*3*3 + 8 + 512*10 + 10 values, 4 bytes each in f32 and 2 in f16.
  const uint64_t values = 8 * 3 * 3 * 3 + 8 + 512 * 10 + 10;
  EXPECT_EQ(weights32, values * 4);
  EXPECT_EQ(weights16, values * 2);
  // Intermediates (conv 8x16x16, pool 8x8x8, ...): roughly halved; the f16 plan also holds the
  // Parameter's f16 copy.
  EXPECT_GT(intermediates16, 0u);
  EXPECT_LT(intermediates16 * 10, intermediates32 * 6) << intermediates16 << " vs " << intermediates32;

  // The compiled model reports the hint; its runtime model shows the f16 nodes.
  EXPECT_EQ(compiled16.get_property(ferry::hint::inference_precision), element::f16);
  size_t f16_nodes = 0;
  for (const auto& node : compiled16.get_runtime_model()->get_ordered_ops()) {
    const std::string name = node->get_friendly_name();
    if (name == "conv" || name == "pool" || name == "matmul" || name == "probs") {
      EXPECT_EQ(node->get_output_element_type(0), element::f16) << name;
      ++f16_nodes;
    }
  }
  EXPECT_EQ(f16_nodes, 4u);
  // Conv + bias + Relu still run as one fused kernel, as do MatMul + bias.
  InferRequest request = compiled16.create_infer_request();
  request.set_input_tensor(input);
  request.infer();
  size_t fused = 0;
  for (const auto& record : request.get_profiling_info()) {
    if (record.node_type == "Add" || record.node_type == "Relu") {
      EXPECT_EQ(record.status, ProfilingInfo::Status::OPTIMIZED_OUT) << record.node_name;
      ++fused;
    }
  }
  EXPECT_EQ(fused, 3u);
}

TEST(GpuInferencePrecision, F32IsBitForBitTheDefault) {
  Core core = make_core();
  const auto model = make_cnn_classifier();
  const Tensor input = random_tensor(element::f32, Shape{1, 3, 16, 16}, 8, -1.0, 1.0);
  Tensor plain, hinted;
  memory_of(core, model, {}, input, plain);
  CompiledModel compiled;
  memory_of(core, model, {{ferry::hint::inference_precision.name(), element::f32}}, input, hinted, &compiled);
  ASSERT_EQ(plain.get_byte_size(), hinted.get_byte_size());
  EXPECT_EQ(std::memcmp(plain.data(), hinted.data(), plain.get_byte_size()), 0);
  EXPECT_EQ(compiled.get_property(ferry::hint::inference_precision), element::f32);
  for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
    EXPECT_FALSE(is_type<op::v0::Convert>(node)) << node->get_friendly_name();
    for (size_t i = 0; i < node->get_output_size(); ++i)
      EXPECT_NE(node->get_output_element_type(i), element::f16) << node->get_friendly_name();
  }
}

TEST(GpuInferencePrecision, DepthwiseConvolutionAndAvgPoolInF16) {
  Core core = make_core();
  core.set_property("GPU", {{ferry::hint::inference_precision.name(), element::f16}});
  EXPECT_EQ(core.get_property("GPU", ferry::hint::inference_precision), element::f16);
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 4, 9, 9});
  auto dw = std::make_shared<op::v1::GroupConvolution>(x, weights({4, 1, 1, 3, 3}, 5), Strides{2, 2},
                                                       CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  dw->set_friendly_name("depthwise");
  auto pool = std::make_shared<op::v1::AvgPool>(dw, Strides{1, 1}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3}, true);
  pool->set_friendly_name("avg");
  auto model = std::make_shared<Model>(OutputVector{pool}, ParameterVector{x}, "depthwise");
  const Tensor input = random_tensor(element::f32, Shape{1, 4, 9, 9}, 9, -1.0, 1.0);
  TensorVector expected;
  ReferenceExecutor(model).run({input}, expected);

  CompiledModel compiled = core.compile_model(model, "GPU");  // the Core's f16 applies
  EXPECT_EQ(compiled.get_property(ferry::hint::inference_precision), element::f16);
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(input);
  request.infer();
  expect_within_f16_tolerance(request.get_output_tensor(0), expected[0], "depthwise");
  for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
    if (node->get_friendly_name() == "depthwise" || node->get_friendly_name() == "avg") {
      EXPECT_EQ(node->get_output_element_type(0), element::f16) << node->get_friendly_name();
    }
  }
}

// A transformer-like block: MatMul -> MVN -> MatMul -> ReduceMean. Every node has an f16 form,
// so the runtime model has Converts only at the Parameter and the Result.
TEST(GpuInferencePrecision, NormalizationAndReduceBetweenMatMulsStayF16) {
  Core core = make_core();
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 5, 16});
  auto up = std::make_shared<op::v0::MatMul>(x, weights({16, 24}, 12));
  up->set_friendly_name("up");
  auto mvn = std::make_shared<op::v6::MVN>(up, ints({-1}), true, 1e-5f, op::MVNEpsMode::INSIDE_SQRT);
  mvn->set_friendly_name("mvn");
  auto down = std::make_shared<op::v0::MatMul>(mvn, weights({24, 8}, 13));
  down->set_friendly_name("down");
  auto mean = std::make_shared<op::v1::ReduceMean>(down, ints({1}), false);
  mean->set_friendly_name("mean");
  auto model = std::make_shared<Model>(OutputVector{mean}, ParameterVector{x}, "block");
  const Tensor input = random_tensor(element::f32, Shape{2, 5, 16}, 14, -1.0, 1.0);
  TensorVector expected;
  ReferenceExecutor(model).run({input}, expected);

  AnyMap f16;
  f16[ferry::hint::inference_precision.name()] = element::f16;
  CompiledModel compiled = core.compile_model(model, "GPU", f16);
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(input);
  request.infer();
  expect_within_f16_tolerance(request.get_output_tensor(0), expected[0], "block");

  size_t converts = 0, f16_nodes = 0;
  for (const auto& node : compiled.get_runtime_model()->get_ordered_ops()) {
    const std::string name = node->get_friendly_name();
    if (is_type<op::v0::Convert>(node)) ++converts;
    if (name == "up" || name == "mvn" || name == "down" || name == "mean") {
      EXPECT_EQ(node->get_output_element_type(0), element::f16) << name;
      if (name != "up") {  // the first reads the Parameter's Convert to f16
        EXPECT_FALSE(is_type<op::v0::Convert>(node->get_input_node_shared_ptr(0))) << name << " reads a Convert";
      }
      ++f16_nodes;
    }
  }
  EXPECT_EQ(f16_nodes, 4u);
  EXPECT_EQ(converts, 2u);  // x to f16 and the mean back to f32, nothing around the MVN
}

TEST(GpuInferencePrecision, DynamicShapesShareTheF16WeightsAcrossInstances) {
  Core core = make_core();
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension(1, 8), 32});
  auto matmul = std::make_shared<op::v0::MatMul>(x, weights({32, 6}, 11));
  auto model = std::make_shared<Model>(OutputVector{std::make_shared<op::v8::Softmax>(matmul, 1)}, ParameterVector{x},
                                       "dynamic");
  const auto before = core.get_property("GPU", memory_statistics).at("weights");
  AnyMap f16;
  f16[ferry::hint::inference_precision.name()] = element::f16;
  CompiledModel compiled = core.compile_model(model, "GPU", f16);
  InferRequest request = compiled.create_infer_request();
  for (size_t batch : {2u, 5u, 2u}) {
    const Tensor input = random_tensor(element::f32, Shape{batch, 32}, static_cast<unsigned>(batch), -1.0, 1.0);
    TensorVector expected;
    ReferenceExecutor(model).run({input}, expected);
    request.set_input_tensor(input);
    request.infer();
    expect_within_f16_tolerance(request.get_output_tensor(0), expected[0], "batch " + std::to_string(batch));
  }
  // One f16 copy of the 32x6 weights for every shape instance.
  EXPECT_EQ(core.get_property("GPU", memory_statistics).at("weights") - before, 32u * 6u * 2u);
}

TEST(GpuInferencePrecision, OtherPrecisionsAreRefusedAndTheCoreStaysUsable) {
  Core core = make_core();
  for (const element::Type& type : {element::bf16, element::i8}) {
    try {
      core.set_property("GPU", {{ferry::hint::inference_precision.name(), type}});
      FAIL() << type << " accepted";
    } catch (const Exception& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("INFERENCE_PRECISION_HINT"), std::string::npos) << message;
      EXPECT_NE(message.find("accepts f32 and f16, not " + type.get_type_name()), std::string::npos) << message;
    }
  }
  EXPECT_EQ(core.get_property("GPU", ferry::hint::inference_precision), element::f32);  // unchanged
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 3});
  auto model = std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(x)}, ParameterVector{x});
  AnyMap refused;
  refused[ferry::hint::inference_precision.name()] = element::bf16;
  EXPECT_THROW(core.compile_model(model, "GPU", refused), Exception);
  // Still compiles and runs.
  expect_matches_reference(model, {random_tensor(element::f32, Shape{2, 3}, 10)});
}

}  // namespace
}  // namespace ferry::gpu::test
