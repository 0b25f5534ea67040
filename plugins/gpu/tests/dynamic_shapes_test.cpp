// Dynamic and bounded shapes on the GPU plugin: one compiled model runs every batch size its
// inputs allow, each checked against the core's reference evaluation; no program is built after
// the first shape (GPU_PROGRAM_BUILDS); a request's memory grows only for a shape larger than any
// before (GPU_MEMORY_STATISTICS), weights are uploaded once for all shapes; shapes outside the
// bounds are refused naming the input, its shape and the bound; concurrent requests with
// different shapes; query_model and compile_model on dynamic models.

#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "ferry/gpu/properties.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "support/gpu_test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Constant> weights(const Shape& shape, unsigned seed) {
  const Tensor t = random_tensor(element::f32, shape, seed, -0.5, 0.5);
  return op::v0::Constant::create(element::f32, shape,
                                  std::vector<float>(t.data<float>(), t.data<float>() + t.get_size()));
}

constexpr size_t kMlpWeightBytes = (16 * 32 + 32 + 32 * 8) * sizeof(float);

// The tests' wide MLP (//testing/models:test_models): x[batch, 16] -> MatMul(16x32) -> Add -> Relu
// ("hidden") -> MatMul(32x8) -> Softmax ("probs"), and a third output, "flat": x reshaped to
// [batch * 16] (an alias output: no kernel).
std::shared_ptr<Model> make_mlp_with_alias_output(const Dimension& batch) {
  const auto mlp = test_models::make_mlp(batch, test_models::kWideMlp);
  const auto x = mlp->get_parameters()[0];
  auto flat = std::make_shared<op::v1::Reshape>(
      x, op::v0::Constant::create(element::i64, Shape{1}, std::vector<int64_t>{-1}), false);
  flat->set_friendly_name("flat");
  return std::make_shared<Model>(
      OutputVector{mlp->get_results()[0]->input_value(0), mlp->get_results()[1]->input_value(0), flat},
      ParameterVector{x}, "dynamic_mlp");
}

// x[batch, 3, 6, 6] -> Convolution(4x3x3x3, pads 1) -> Add(bias [1,4,1,1]) -> Relu.
std::shared_ptr<Model> make_conv(const Dimension& batch) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{batch, 3, 6, 6});
  x->set_friendly_name("image");
  auto conv = std::make_shared<op::v1::Convolution>(x, weights({4, 3, 3, 3}, 4), Strides{1, 1}, CoordinateDiff{1, 1},
                                                    CoordinateDiff{1, 1}, Strides{1, 1});
  auto add = std::make_shared<op::v1::Add>(conv, weights({1, 4, 1, 1}, 5));
  auto relu = std::make_shared<op::v0::Relu>(add);
  return std::make_shared<Model>(OutputVector{relu}, ParameterVector{x}, "dynamic_conv");
}

Shape with_batch(const std::shared_ptr<Model>& model, size_t batch) {
  const PartialShape bound = model->input().get_partial_shape();
  Shape shape{batch};
  for (size_t i = 1; i < bound.size(); ++i) shape.push_back(static_cast<size_t>(bound[i].get_length()));
  return shape;
}

// Infers a random input of `batch` on `request`; every output must match the reference (shape
// and values). Returns the number of mismatching elements (for threads).
size_t infer_and_compare(InferRequest& request, const std::shared_ptr<Model>& model, size_t batch, unsigned seed) {
  const Tensor input = random_tensor(element::f32, with_batch(model, batch), seed);
  TensorVector expected;
  ReferenceExecutor(model).run({input}, expected);
  request.set_input_tensor(input);
  request.infer();
  size_t mismatches = 0;
  for (size_t k = 0; k < expected.size(); ++k) {
    const Tensor actual = request.get_output_tensor(k);
    if (actual.get_shape() != expected[k].get_shape()) {
      ADD_FAILURE() << "batch " << batch << " output " << k << ": shape " << actual.get_shape() << ", expected "
                    << expected[k].get_shape();
      ++mismatches;
      continue;
    }
    for (size_t i = 0; i < actual.get_size(); ++i) {
      const float a = actual.data<float>()[i], e = expected[k].data<float>()[i];
      if (std::abs(a - e) > 1e-5 + 1e-4 * std::abs(e)) ++mismatches;
    }
  }
  return mismatches;
}

// One Core for the whole binary: its GPU plugin keeps the programs it built (PoCL builds are the
// slow part). Every test lets go of its compiled models and requests, so the memory counters
// start from zero in each.
Core& shared_core() {
  static Core core = make_core();
  return core;
}

uint64_t intermediates(Core& core) { return core.get_property("GPU", memory_statistics).at("intermediates"); }

TEST(GpuDynamicShapes, DynamicBatchRunsEveryBatchSizeLikeTheReference) {
  Core& core = shared_core();
  const auto model = make_mlp_with_alias_output(Dimension::dynamic());
  CompiledModel compiled = core.compile_model(model, "GPU");
  EXPECT_EQ(compiled.input().get_partial_shape(), PartialShape({Dimension::dynamic(), 16}));
  EXPECT_EQ(compiled.output(0).get_partial_shape(), PartialShape({Dimension::dynamic(), 8}));
  InferRequest request = compiled.create_infer_request();
  unsigned seed = 10;
  for (size_t batch : {1, 4, 2, 7, 1, 4, 13}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    EXPECT_EQ(infer_and_compare(request, model, batch, ++seed), 0u);
    EXPECT_EQ(request.get_output_tensor(2).get_shape(), Shape{batch * 16});
  }
}

TEST(GpuDynamicShapes, BoundedBatchConvolutionInTurnAndInterleaved) {
  Core& core = shared_core();
  const auto model = make_conv(Dimension(1, 8));
  CompiledModel compiled = core.compile_model(model, "GPU");
  EXPECT_EQ(compiled.input().get_partial_shape(), PartialShape({Dimension(1, 8), 3, 6, 6}));
  InferRequest first = compiled.create_infer_request();
  InferRequest second = compiled.create_infer_request();
  unsigned seed = 20;
  for (size_t batch : {3, 8, 1, 5}) EXPECT_EQ(infer_and_compare(first, model, batch, ++seed), 0u) << batch;
  // Two requests alternating shapes: each keeps its own kernels and memory.
  for (size_t batch : {2, 8, 1, 6, 8, 2}) {
    EXPECT_EQ(infer_and_compare(first, model, batch, ++seed), 0u) << batch;
    EXPECT_EQ(infer_and_compare(second, model, 9 - batch, ++seed), 0u) << 9 - batch;
  }
}

TEST(GpuDynamicShapes, NoProgramIsBuiltForANewShape) {
  Core& core = shared_core();
  const auto model = make_conv(Dimension(1, 8));
  CompiledModel compiled = core.compile_model(model, "GPU");
  // The smallest shapes (batch 1) make a valid instance: its programs are built at compile time.
  const uint64_t after_compile = compiled.get_property(program_builds);
  InferRequest request = compiled.create_infer_request();
  EXPECT_EQ(infer_and_compare(request, model, 2, 30), 0u);
  EXPECT_EQ(compiled.get_property(program_builds), after_compile);
  for (size_t batch : {7, 1, 8, 3}) EXPECT_EQ(infer_and_compare(request, model, batch, 31 + batch), 0u);
  EXPECT_EQ(compiled.get_property(program_builds), after_compile);

  // A model whose smallest shape is no valid instance builds at its first inference, then never.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 2, Dimension::dynamic(), 4});
  auto pool = std::make_shared<op::v1::MaxPool>(x, Strides{1, 1}, Shape{0, 0}, Shape{0, 0}, Shape{3, 3});
  auto pooled = std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(pool)}, ParameterVector{x});
  CompiledModel lazy = core.compile_model(pooled, "GPU");
  InferRequest pool_request = lazy.create_infer_request();
  uint64_t after_first = 0;
  for (size_t height : {3, 9, 5, 12}) {
    const Tensor input = random_tensor(element::f32, {1, 2, height, 4}, 40 + height);
    TensorVector expected;
    ReferenceExecutor(pooled).run({input}, expected);
    pool_request.set_input_tensor(input);
    pool_request.infer();
    const Tensor out = pool_request.get_output_tensor();
    ASSERT_EQ(out.get_shape(), expected[0].get_shape());
    for (size_t i = 0; i < out.get_size(); ++i) EXPECT_FLOAT_EQ(out.data<float>()[i], expected[0].data<float>()[i]);
    if (height == 3) after_first = lazy.get_property(program_builds);
    EXPECT_EQ(lazy.get_property(program_builds), after_first) << "height " << height;
  }
}

TEST(GpuDynamicShapes, MemoryGrowsOnlyForALargerShapeAndWeightsAreUploadedOnce) {
  Core& core = shared_core();
  const auto model = make_mlp_with_alias_output(Dimension(1, 8));
  CompiledModel compiled = core.compile_model(model, "GPU");
  InferRequest request = compiled.create_infer_request();
  EXPECT_EQ(intermediates(core), 0u);  // nothing before the first shape is known
  EXPECT_EQ(infer_and_compare(request, model, 4, 60), 0u);
  const uint64_t at_four = intermediates(core);
  EXPECT_GT(at_four, 0u);
  for (size_t batch : {2, 1, 4, 3}) {
    EXPECT_EQ(infer_and_compare(request, model, batch, 61 + batch), 0u);
    EXPECT_EQ(intermediates(core), at_four) << "batch " << batch << " regrew the memory";
  }
  EXPECT_EQ(infer_and_compare(request, model, 8, 70), 0u);
  const uint64_t at_eight = intermediates(core);
  EXPECT_GT(at_eight, at_four);
  EXPECT_LE(at_eight, 2 * at_four);  // twice the batch: at most twice the memory
  EXPECT_EQ(infer_and_compare(request, model, 5, 71), 0u);
  EXPECT_EQ(intermediates(core), at_eight);
  // Every shape instance reads the same weight buffers.
  EXPECT_EQ(core.get_property("GPU", memory_statistics).at("weights"), kMlpWeightBytes);
  request = InferRequest();
  EXPECT_EQ(intermediates(core), 0u);
}

TEST(GpuDynamicShapes, ShapesOutsideTheBoundsAreRefusedNamingInputShapeAndBound) {
  Core& core = shared_core();
  const auto model = make_mlp_with_alias_output(Dimension(1, 8));
  CompiledModel compiled = core.compile_model(model, "GPU");
  InferRequest request = compiled.create_infer_request();
  const auto expect_refused = [&](const Shape& shape, const std::string& why) {
    SCOPED_TRACE(why);
    try {
      request.set_input_tensor(random_tensor(element::f32, shape, 80));
      request.infer();
      ADD_FAILURE() << "shape " << shape << " was accepted";
    } catch (const Exception& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("'x'"), std::string::npos) << message;
      EXPECT_NE(message.find(PartialShape(shape).to_string()), std::string::npos) << message;
      EXPECT_NE(message.find("1..8"), std::string::npos) << message;
    }
  };
  expect_refused({9, 16}, "batch above the bound");
  expect_refused({0, 16}, "batch below the bound");
  expect_refused({2, 16, 1}, "another rank");
  expect_refused({2, 15}, "a static dimension changed");
  // A shape set on the request's own tensor is checked at infer time.
  EXPECT_EQ(infer_and_compare(request, model, 3, 81), 0u);
  Tensor own = request.get_input_tensor();
  own.set_shape({9, 16});
  EXPECT_THROW(request.infer(), Exception);
  // The request stays usable.
  EXPECT_EQ(infer_and_compare(request, model, 8, 82), 0u);
  EXPECT_EQ(infer_and_compare(request, model, 1, 83), 0u);
}

TEST(GpuDynamicShapes, ConcurrentRequestsWithDifferentShapes) {
  Core& core = shared_core();
  const auto model = make_mlp_with_alias_output(Dimension::dynamic());
  CompiledModel compiled =
      core.compile_model(model, "GPU", ferry::hint::performance_mode(ferry::hint::PerformanceMode::THROUGHPUT));
  std::vector<std::thread> threads;
  std::vector<size_t> failures(4, 0);
  for (unsigned t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      InferRequest request = compiled.create_infer_request();
      for (unsigned i = 0; i < 6; ++i) {
        const size_t batch = 1 + (t * 3 + i * 5) % 9;  // each thread its own sequence of shapes
        failures[t] += infer_and_compare(request, model, batch, 100 * t + i);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (unsigned t = 0; t < 4; ++t) EXPECT_EQ(failures[t], 0u) << "thread " << t;
}

TEST(GpuDynamicShapes, ExportThenImportKeepsTheDynamicShape) {
  Core& core = shared_core();
  // One Relu: the import may build its program again (few programs keep the test fast).
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension(1, 8), 5});
  const auto model = std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(x)}, ParameterVector{x});
  CompiledModel compiled = core.compile_model(model, "GPU");
  std::stringstream blob;
  compiled.export_model(blob);
  CompiledModel imported = core.import_model(blob, "GPU");
  EXPECT_EQ(imported.input().get_partial_shape(), PartialShape({Dimension(1, 8), 5}));
  InferRequest request = imported.create_infer_request();
  EXPECT_EQ(infer_and_compare(request, model, 6, 90), 0u);
  EXPECT_EQ(infer_and_compare(request, model, 2, 91), 0u);
}

TEST(GpuDynamicShapes, QueryAndCompileDecideOpByOpOnStaticStandIns) {
  Core& core = shared_core();
  // K of a[2, ?] must be 4 to meet the static [4, 5]: no representative stand-in validates, so
  // whether the GPU runs this MatMul is not decided before the shapes are known: not claimed.
  auto a = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, Dimension::dynamic()});
  auto matmul = std::make_shared<op::v0::MatMul>(a, weights({4, 5}, 6));
  matmul->set_friendly_name("undecided_matmul");
  auto y = std::make_shared<op::v0::Parameter>(element::f32, PartialShape::dynamic());
  auto relu = std::make_shared<op::v0::Relu>(y);
  relu->set_friendly_name("float_relu");
  auto model = std::make_shared<Model>(OutputVector{matmul, relu}, ParameterVector{a, y});
  const auto supported = core.query_model(model, "GPU");
  EXPECT_EQ(supported.count("undecided_matmul"), 0u);
  EXPECT_EQ(supported.count("float_relu"), 1u);  // a dynamic rank: decided on rank 1
  try {
    core.compile_model(model, "GPU");
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("'undecided_matmul' of type MatMul"), std::string::npos) << e.what();
  }
  // A dynamic element type is refused, naming it.
  auto any = std::make_shared<op::v0::Parameter>(element::dynamic, PartialShape{2});
  auto any_model = std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(any)}, ParameterVector{any});
  try {
    core.compile_model(any_model, "GPU");
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("dynamic element type"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ferry::gpu::test
