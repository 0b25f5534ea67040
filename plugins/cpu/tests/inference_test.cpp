// Inference on CPU through the public API, against outputs computed with plain loops
// (//testing/models:test_models) or core's reference executor: the engine's oneDNN steps, a
// dynamic batch compiled once per shape within CPU_RUNTIME_CACHE_CAPACITY, shapes that depend on
// the values, concurrent requests on streams, and the copies CPU_COPIED_BYTES counts.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <thread>

#include "ferry/cpu/properties.hpp"
#include "ferry/ferry.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convert.hpp"
#include "ferry/graph/ops/gather.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/non_zero.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/range.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/shape_of.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/testing/error_of.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::cpu_test {
namespace {

using namespace ::ferry::test_models;
using ::ferry::testing::error_of;

Tensor make_f32(const Shape& shape, std::vector<float>& values) { return Tensor(element::f32, shape, values.data()); }

std::vector<float> values_of(const Tensor& tensor) {
  return std::vector<float>(tensor.data<float>(), tensor.data<float>() + tensor.get_size());
}

// Relative and absolute 1e-5: the engine's f32 kernels against loops in double.
void expect_near(const std::vector<float>& actual, const std::vector<float>& expected, const std::string& what) {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], 1e-5f + 1e-5f * std::fabs(expected[i])) << what << " [" << i << "]";
}

TEST(CpuInference, CnnRunsOnOneDnnAndMatchesHandComputedValues) {
  Core core;
  CompiledModel compiled = core.compile_model(make_cnn(), "CPU", {enable_profiling(true)});
  InferRequest request = compiled.create_infer_request();
  auto x = sample(kCnnChannels * kCnnSize * kCnnSize, 2);
  request.set_input_tensor(make_f32({1, kCnnChannels, kCnnSize, kCnnSize}, x));
  request.infer();
  expect_near(values_of(request.get_output_tensor()), cnn_reference(x), "cnn");
  bool convolution_on_onednn = false;
  for (const ProfilingInfo& step : request.get_profiling_info())
    if (step.node_type == "Convolution" && step.exec_type.rfind("onednn", 0) == 0) convolution_on_onednn = true;
  EXPECT_TRUE(convolution_on_onednn) << "the convolution did not run as a oneDNN primitive";
}

// Whether /proc/cpuinfo lists bf16 instructions (read here, apart from the plugin's own reading).
bool cpuinfo_lists_bf16() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("flags", 0) == 0)
      return line.find(" avx512_bf16") != std::string::npos || line.find(" amx_bf16") != std::string::npos;
  return false;
}

TEST(CpuInference, Bf16RunsTheConvolutionsInBf16WhereTheProcessorHasIt) {
  Core core;
  if (!cpuinfo_lists_bf16()) {
    const std::string error =
        error_of([&] { core.compile_model(make_cnn(), "CPU", {hint::inference_precision(element::bf16)}); });
    EXPECT_NE(error.find("INFERENCE_PRECISION_HINT"), std::string::npos) << error;
    EXPECT_NE(error.find("AVX512_BF16"), std::string::npos) << error;
    return;
  }
  CompiledModel compiled =
      core.compile_model(make_cnn(), "CPU", {hint::inference_precision(element::bf16), enable_profiling(true)});
  EXPECT_EQ(compiled.get_property(hint::inference_precision), element::bf16);
  InferRequest request = compiled.create_infer_request();
  auto x = sample(kCnnChannels * kCnnSize * kCnnSize, 2);
  request.set_input_tensor(make_f32({1, kCnnChannels, kCnnSize, kCnnSize}, x));
  request.infer();
  // bf16 keeps 8 significant bits: about 0.4% per rounded operand, a few per cent in all.
  const auto actual = values_of(request.get_output_tensor());
  const auto expected = cnn_reference(x);
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], 3e-2f + 3e-2f * std::fabs(expected[i])) << "cnn [" << i << "]";
  size_t bf16_steps = 0;
  for (const ProfilingInfo& step : request.get_profiling_info())
    if (step.node_type == "Convolution") {
      EXPECT_EQ(step.exec_type.rfind("onednn_bf16", 0), 0u) << step.exec_type;
      ++bf16_steps;
    }
  EXPECT_GT(bf16_steps, 0u);
}

TEST(CpuInference, AModelTooLargeForMemoryIsRefusedNamingTheBytesAndTheCoreStaysUsable) {
  // 2^42 bytes (4 TiB) of f32 between the two ops: no host this runs on has that much memory.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{size_t{1} << 20, size_t{1} << 20});
  auto middle = std::make_shared<op::v0::Sigmoid>(x);
  auto model = std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(std::make_shared<op::v0::Relu>(middle))}, ParameterVector{x});
  model->set_friendly_name("huge");
  Core core;
  const std::string error = error_of([&] { core.compile_model(model, "CPU"); });
  EXPECT_NE(error.find("'huge' needs 4398046511104 bytes"), std::string::npos) << error;
  EXPECT_NE(error.find("bytes of memory"), std::string::npos) << error;
  CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU");
  compiled.create_infer_request().infer();
}

TEST(CpuInference, DynamicBatchCompilesEachShapeOnceWithinTheCacheCapacity) {
  Core core;
  CompiledModel compiled =
      core.compile_model(make_mlp(Dimension::dynamic(), kMlp), "CPU", {cpu::runtime_cache_capacity(2)});
  EXPECT_EQ(compiled.get_property(cpu::compiled_shapes), 0u);
  InferRequest request = compiled.create_infer_request();
  const auto run = [&](size_t batch, int seed) {
    auto x = sample(batch * kMlp.in, seed);
    request.set_tensor("x", make_f32({batch, kMlp.in}, x));
    request.infer();
    const MlpOutputs expected = mlp_reference(x, batch, kMlp);
    expect_near(values_of(request.get_tensor("probs")), expected.probs, "probs, batch " + std::to_string(batch));
    expect_near(values_of(request.get_tensor("hidden")), expected.hidden, "hidden, batch " + std::to_string(batch));
  };
  run(1, 1);
  run(3, 2);
  run(1, 3);  // cached
  run(3, 4);  // cached
  EXPECT_EQ(compiled.get_property(cpu::compiled_shapes), 2u);
  run(5, 5);  // a third shape: batch 1, the least recently used, is dropped
  run(3, 6);  // still cached
  EXPECT_EQ(compiled.get_property(cpu::compiled_shapes), 3u);
  run(1, 7);  // compiled again
  EXPECT_EQ(compiled.get_property(cpu::compiled_shapes), 4u);
}

// NonZero's output shape is the count of non-zero inputs: the reference kernels follow it.
TEST(CpuInference, ShapesThatDependOnTheValuesRunOnTheReferenceKernels) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{6});
  auto indices = std::make_shared<op::v3::NonZero>(x, element::i64);
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(indices)}, ParameterVector{x});
  Core core;
  CompiledModel compiled = core.compile_model(model, "CPU");
  InferRequest request = compiled.create_infer_request();
  for (std::vector<float> values : {std::vector<float>{0, 2, 0, 0, 5, 1}, std::vector<float>{3, 0, 0, 0, 0, 0}}) {
    request.set_input_tensor(make_f32({6}, values));
    const uint64_t before = core.get_property("CPU", cpu::copied_bytes);
    request.infer();
    std::vector<int64_t> expected;
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i] != 0) expected.push_back(static_cast<int64_t>(i));
    const Tensor output = request.get_output_tensor();
    ASSERT_EQ(output.get_shape(), (Shape{1, expected.size()}));
    EXPECT_EQ(std::vector<int64_t>(output.data<int64_t>(), output.data<int64_t>() + output.get_size()), expected);
    // The reference executor's result is copied into the request's output tensor, and counted.
    EXPECT_EQ(core.get_property("CPU", cpu::copied_bytes) - before, output.get_byte_size());
  }
}

// y = x + [0, 1, ..., L-1] per row, the positions computed from x's shape (ShapeOf -> Gather ->
// Range, as a transformer's position ids): once the input's shape is known the positions are
// constants, so the model runs on the engine, not on the reference kernels.
TEST(CpuInference, ShapesComputedFromInputShapesAreFoldedForTheEngine) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), Dimension::dynamic()});
  auto scalar = [](int64_t value) {
    return op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{value});
  };
  auto length = std::make_shared<op::v8::Gather>(std::make_shared<op::v3::ShapeOf>(x), scalar(1), scalar(0));
  auto positions = std::make_shared<op::v4::Range>(scalar(0), length, scalar(1), element::i64);
  auto y = std::make_shared<op::v1::Add>(x, std::make_shared<op::v0::Convert>(positions, element::f32));
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(y)}, ParameterVector{x});
  Core core;
  for (const bool static_input : {false, true}) {
    if (static_input) model->reshape(PartialShape{2, 5});
    CompiledModel compiled = core.compile_model(model, "CPU", {enable_profiling(true)});
    InferRequest request = compiled.create_infer_request();
    for (const size_t length : static_input ? std::vector<size_t>{5} : std::vector<size_t>{3, 7}) {
      std::vector<float> values = sample(2 * length, static_cast<int>(length));
      request.set_input_tensor(make_f32({2, length}, values));
      request.infer();
      std::vector<float> expected = values;
      for (size_t i = 0; i < expected.size(); ++i) expected[i] += static_cast<float>(i % length);
      expect_near(values_of(request.get_output_tensor()), expected, "length " + std::to_string(length));
      for (const ProfilingInfo& step : request.get_profiling_info())
        EXPECT_NE(step.exec_type, "reference") << "length " << length << ": the model ran on the reference kernels";
    }
  }
}

// Weights stored as f16 and converted to f32 in the model (OpenVINO's save_model compresses them
// so by default): folded at compilation, the MatMul gets constant weights and runs on oneDNN.
TEST(CpuInference, CompressedWeightsAreDecompressedOnceForOneDnn) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 3});
  const std::vector<float> weights{0.5f, -1.f, 2.f, 0.25f, 1.5f, -0.75f};
  auto stored = op::v0::Constant::create(element::f16, Shape{3, 2}, weights);
  auto product = std::make_shared<op::v0::MatMul>(x, std::make_shared<op::v0::Convert>(stored, element::f32));
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(product)}, ParameterVector{x});
  Core core;
  CompiledModel compiled = core.compile_model(model, "CPU", {enable_profiling(true)});
  InferRequest request = compiled.create_infer_request();
  std::vector<float> values{1, 2, 3, -1, 0, 4};
  request.set_input_tensor(make_f32({2, 3}, values));
  request.infer();
  std::vector<float> expected(4, 0.f);
  for (size_t row = 0; row < 2; ++row)
    for (size_t column = 0; column < 2; ++column)
      for (size_t k = 0; k < 3; ++k) expected[row * 2 + column] += values[row * 3 + k] * weights[k * 2 + column];
  expect_near(values_of(request.get_output_tensor()), expected, "product");
  size_t matmuls = 0;
  for (const ProfilingInfo& step : request.get_profiling_info()) {
    if (step.node_type != "MatMul") continue;
    ++matmuls;
    EXPECT_EQ(step.exec_type.rfind("onednn", 0), 0u) << step.exec_type;
  }
  EXPECT_EQ(matmuls, 1u);
}

TEST(CpuInference, InputsAndOutputsAreReadAndWrittenInPlace) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU");
  InferRequest request = compiled.create_infer_request();
  auto x = sample(2 * kMlp.in, 1);
  std::vector<float> probs(2 * kMlp.out, -1.f), hidden(2 * kMlp.hidden, -1.f);
  request.set_tensor("x", make_f32({2, kMlp.in}, x));
  request.set_tensor("probs", make_f32({2, kMlp.out}, probs));
  request.set_tensor("hidden", make_f32({2, kMlp.hidden}, hidden));
  const uint64_t before = core.get_property("CPU", cpu::copied_bytes);
  request.infer();
  request.infer();
  EXPECT_EQ(core.get_property("CPU", cpu::copied_bytes), before) << "an inference copied";
  const MlpOutputs expected = mlp_reference(x, 2, kMlp);
  expect_near(probs, expected.probs, "probs");
  expect_near(hidden, expected.hidden, "hidden");
}

// An ROI view is not dense: it is copied into the request's buffer, and the copy is counted.
TEST(CpuInference, StridedInputIsCopiedAndCounted) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU");
  InferRequest request = compiled.create_infer_request();
  auto wide = sample(2 * 2 * kMlp.in, 4);  // [2, 2 * in]: the left half is the input
  Tensor view(element::f32, {2, kMlp.in}, wide.data(), Strides{2 * kMlp.in * sizeof(float), sizeof(float)});
  request.set_tensor("x", view);
  const uint64_t before = core.get_property("CPU", cpu::copied_bytes);
  request.infer();
  EXPECT_EQ(core.get_property("CPU", cpu::copied_bytes) - before, 2 * kMlp.in * sizeof(float));
  std::vector<float> x;
  for (size_t row = 0; row < 2; ++row)
    x.insert(x.end(), wide.begin() + row * 2 * kMlp.in, wide.begin() + row * 2 * kMlp.in + kMlp.in);
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, 2, kMlp).probs, "probs");
}

TEST(CpuInference, ConcurrentRequestsOnStreamsEachGetTheirOwnResult) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(Dimension::dynamic(), kMlp), "CPU",
                                              {hint::performance_mode(hint::PerformanceMode::THROUGHPUT)});
  constexpr int kThreads = 4, kRuns = 20;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      InferRequest request = compiled.create_infer_request();
      for (int run = 0; run < kRuns; ++run) {
        const size_t batch = 1 + (t + run) % 3;
        auto x = sample(batch * kMlp.in, t * 100 + run);
        request.set_tensor("x", make_f32({batch, kMlp.in}, x));
        request.start_async();
        request.wait();
        expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, batch, kMlp).probs,
                    "thread " + std::to_string(t) + ", run " + std::to_string(run));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(compiled.get_property(cpu::compiled_shapes), 3u);
}

}  // namespace
}  // namespace ferry::cpu_test
