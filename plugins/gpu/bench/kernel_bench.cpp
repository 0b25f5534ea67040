// Google Benchmark micro-benchmarks of the GPU plugin's matrix engine through the public API:
// MatMul of square matrices and ResNet-50's convolution shapes (with their fused bias + ReLU),
// each as a one-node model compiled for the device and inferred synchronously. Counters give
// FLOP/s (2 per multiply-add). The device is $FERRY_BENCH_DEVICE (default GPU).
//
//   bazel run -c opt //plugins/gpu/bench:kernel_bench -- --benchmark_filter=MatMul

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <random>

#include "ferry/ferry.hpp"

namespace {

std::string device() {
  const char* name = std::getenv("FERRY_BENCH_DEVICE");
  return name ? name : "GPU";
}

std::shared_ptr<ferry::op::v0::Constant> random_constant(const ferry::Shape& shape) {
  std::vector<float> values(ferry::shape_size(shape));
  std::mt19937 random(7);
  std::uniform_real_distribution<float> uniform(-0.1f, 0.1f);
  for (float& value : values) value = uniform(random);
  return ferry::op::v0::Constant::create(ferry::element::f32, shape, values);
}

void run(benchmark::State& state, const std::shared_ptr<ferry::Model>& model, double flops) {
  ferry::Core core;
  ferry::CompiledModel compiled = core.compile_model(model, device());
  ferry::InferRequest request = compiled.create_infer_request();
  for (size_t i = 0; i < model->get_parameters().size(); ++i) {
    ferry::Tensor input = request.get_input_tensor(i);
    for (size_t k = 0; k < input.get_size(); ++k) input.data<float>()[k] = static_cast<float>(k % 7) * 0.25f;
  }
  request.infer();  // first inference outside the timing
  for (auto _ : state) request.infer();
  state.counters["FLOP/s"] = benchmark::Counter(flops, benchmark::Counter::kIsIterationInvariantRate);
}

// [n, n] x [n, n], both operands inputs of the model.
void MatMul(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  auto a = std::make_shared<ferry::op::v0::Parameter>(ferry::element::f32, ferry::PartialShape(ferry::Shape{n, n}));
  auto b = std::make_shared<ferry::op::v0::Parameter>(ferry::element::f32, ferry::PartialShape(ferry::Shape{n, n}));
  auto product = std::make_shared<ferry::op::v0::MatMul>(a, b);
  run(state, std::make_shared<ferry::Model>(ferry::OutputVector{product}, ferry::ParameterVector{a, b}),
      2.0 * n * n * n);
}
BENCHMARK(MatMul)->Arg(512)->Arg(1024)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

// Convolution (batch, channels in, size, channels out, kernel, stride) + bias + ReLU, fused.
void ConvBiasRelu(benchmark::State& state) {
  const size_t batch = state.range(0), cin = state.range(1), size = state.range(2), cout = state.range(3);
  const size_t kernel = state.range(4), stride = state.range(5);
  const auto pad = static_cast<std::ptrdiff_t>(kernel / 2);
  auto x = std::make_shared<ferry::op::v0::Parameter>(ferry::element::f32,
                                                      ferry::PartialShape(ferry::Shape{batch, cin, size, size}));
  auto conv = std::make_shared<ferry::op::v1::Convolution>(
      x, random_constant({cout, cin, kernel, kernel}), ferry::Strides{stride, stride}, ferry::CoordinateDiff{pad, pad},
      ferry::CoordinateDiff{pad, pad}, ferry::Strides{1, 1});
  auto add = std::make_shared<ferry::op::v1::Add>(conv, random_constant({1, cout, 1, 1}));
  auto relu = std::make_shared<ferry::op::v0::Relu>(add);
  const size_t out = (size + 2 * pad - kernel) / stride + 1;
  run(state, std::make_shared<ferry::Model>(ferry::OutputVector{relu}, ferry::ParameterVector{x}),
      2.0 * batch * cout * out * out * cin * kernel * kernel);
}
// ResNet-50's shapes: stem 7x7/2, a 3x3 of each stage, a 1x1 expansion.
BENCHMARK(ConvBiasRelu)
    ->ArgNames({"batch", "cin", "size", "cout", "k", "stride"})
    ->Args({1, 3, 224, 64, 7, 2})
    ->Args({1, 64, 56, 64, 3, 1})
    ->Args({1, 256, 14, 256, 3, 1})
    ->Args({1, 512, 7, 2048, 1, 1})
    ->Args({32, 64, 56, 64, 3, 1})
    ->Args({32, 64, 56, 256, 1, 1})
    ->Args({32, 256, 14, 256, 3, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
