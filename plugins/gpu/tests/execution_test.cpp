// Inference on the GPU plugin: zero copies on unified memory (the copy counter), the memory plan,
// profiling from OpenCL events, streams, concurrent requests, export/import, and what
// query_model and compile_model say about ops without a kernel.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <thread>

#include "ferry/gpu/properties.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "support/gpu_test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::gpu::test {
namespace {

using test_models::kWideMlp;

// The tests' wide MLP (//testing/models:test_models) at batch 4: x[4, 16] -> MatMul(16x32) -> Add
// -> Relu ("relu", output "hidden") -> MatMul(32x8) -> Softmax; outputs probs and hidden.
std::shared_ptr<Model> wide_mlp() { return test_models::make_mlp(4, kWideMlp); }

void expect_close(const Tensor& actual, const Tensor& expected) {
  ASSERT_EQ(actual.get_shape(), expected.get_shape());
  for (size_t i = 0; i < actual.get_size(); ++i)
    ASSERT_NEAR(actual.data<float>()[i], expected.data<float>()[i], 1e-5 + 1e-4 * std::abs(expected.data<float>()[i]))
        << "element " << i;
}

TensorVector reference(const std::shared_ptr<Model>& model, const Tensor& input) {
  TensorVector outputs;
  ReferenceExecutor(model).run({input}, outputs);
  return outputs;
}

TEST(GpuExecution, UnifiedMemoryInferencesCopyNothing) {
  Core core = make_core();
  if (!gpu_shares_host_memory(core)) GTEST_SKIP() << "the device has its own memory: host inputs are copied in";
  auto model = wide_mlp();
  CompiledModel compiled = core.compile_model(model, "GPU");
  const uint64_t before = core.get_property("GPU", copied_bytes);
  InferRequest request = compiled.create_infer_request();
  for (unsigned seed = 0; seed < 3; ++seed) {
    const Tensor input = random_tensor(element::f32, Shape{4, 16}, seed);
    request.set_input_tensor(input);
    request.infer();
    const TensorVector expected = reference(model, input);
    expect_close(request.get_output_tensor(0), expected[0]);
    expect_close(request.get_output_tensor(1), expected[1]);
  }
  // PoCL shares the host's memory: inputs, outputs and weights are used in place.
  EXPECT_EQ(core.get_property("GPU", copied_bytes), before);
}

TEST(GpuExecution, OutputThatIsAnInputIsCopiedOnce) {
  Core core = make_core();
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{3, 5});
  auto model = std::make_shared<Model>(OutputVector{x->output(0), std::make_shared<op::v0::Relu>(x)->output(0)},
                                       ParameterVector{x});
  CompiledModel compiled = core.compile_model(model, "GPU");
  InferRequest request = compiled.create_infer_request();
  const Tensor input = random_tensor(element::f32, Shape{3, 5}, 4);
  request.set_input_tensor(input);
  const uint64_t before = core.get_property("GPU", copied_bytes);
  request.infer();
  // With its own memory, the device also takes the input in and gives Relu's output out.
  const uint64_t copies = gpu_shares_host_memory(core) ? 1 : 3;
  EXPECT_EQ(core.get_property("GPU", copied_bytes) - before, copies * input.get_byte_size());
  expect_close(request.get_output_tensor(0), input);
}

TEST(GpuExecution, MemoryStatisticsCountWeightsAndThePlan) {
  Core core = make_core();
  auto model = wide_mlp();
  CompiledModel compiled = core.compile_model(model, "GPU");
  auto stats = core.get_property("GPU", memory_statistics);
  // Weights: 16*32 + 32 + 32*8 floats.
  EXPECT_EQ(stats.at("weights"), (16 * 32 + 32 + 32 * 8) * sizeof(float));
  {
    InferRequest request = compiled.create_infer_request();
    stats = core.get_property("GPU", memory_statistics);
    // Intermediates: MatMul1 [4,32] and Add [4,32] and MatMul2 [4,8] (Relu and Softmax write the
    // outputs in place): the plan reuses MatMul1's buffer for MatMul2, so less than their sum.
    EXPECT_GT(stats.at("intermediates"), 0u);
    EXPECT_LT(stats.at("intermediates"), (4 * 32 + 4 * 32 + 4 * 8) * sizeof(float));
  }
  EXPECT_EQ(core.get_property("GPU", memory_statistics).at("intermediates"), 0u);
}

TEST(GpuExecution, ProfilingGivesEventTimesPerNode) {
  Core core = make_core();
  CompiledModel compiled = core.compile_model(wide_mlp(), "GPU", enable_profiling(true));
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(random_tensor(element::f32, Shape{4, 16}, 1));
  request.infer();
  const auto records = request.get_profiling_info();
  // MatMul+Add+Relu run as one fused kernel, then MatMul and Softmax: three executed records,
  // the fused Add and Relu optimized out.
  ASSERT_EQ(records.size(), 5u);
  bool any_time = false;
  size_t executed = 0;
  for (const auto& record : records) {
    if (record.status == ProfilingInfo::Status::OPTIMIZED_OUT) continue;
    EXPECT_EQ(record.status, ProfilingInfo::Status::EXECUTED) << record.node_name;
    EXPECT_EQ(record.exec_type.rfind("ocl:", 0), 0u) << record.exec_type;
    any_time = any_time || record.real_time.count() > 0;
    ++executed;
  }
  EXPECT_EQ(executed, 3u);
  const auto relu = std::find_if(records.begin(), records.end(), [](const auto& r) { return r.node_name == "relu"; });
  ASSERT_NE(relu, records.end());
  EXPECT_EQ(relu->status, ProfilingInfo::Status::OPTIMIZED_OUT);
  (void)any_time;  // event times may round to 0 us on a fast device: not asserted
}

TEST(GpuExecution, StreamsAndConcurrentRequests) {
  Core core = make_core();
  auto model = wide_mlp();
  CompiledModel compiled =
      core.compile_model(model, "GPU", ferry::hint::performance_mode(ferry::hint::PerformanceMode::THROUGHPUT));
  EXPECT_EQ(compiled.get_property(num_streams), streams::Num(2));
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      InferRequest request = compiled.create_infer_request();
      for (unsigned i = 0; i < 5; ++i) {
        const Tensor input = random_tensor(element::f32, Shape{4, 16}, 100 * t + i);
        request.set_input_tensor(input);
        request.start_async();
        request.wait();
        const TensorVector expected = reference(model, input);
        const Tensor out = request.get_output_tensor(0);
        for (size_t k = 0; k < out.get_size(); ++k)
          if (std::abs(out.data<float>()[k] - expected[0].data<float>()[k]) > 1e-4) ++failures[t];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
}

TEST(GpuExecution, ExportThenImportGivesIdenticalResults) {
  Core core = make_core();
  CompiledModel compiled = core.compile_model(wide_mlp(), "GPU");
  std::stringstream blob;
  compiled.export_model(blob);
  CompiledModel imported = core.import_model(blob, "GPU");
  EXPECT_TRUE(imported.get_property(loaded_from_cache));
  const Tensor input = random_tensor(element::f32, Shape{4, 16}, 9);
  InferRequest a = compiled.create_infer_request(), b = imported.create_infer_request();
  a.set_input_tensor(input);
  b.set_input_tensor(input);
  a.infer();
  b.infer();
  const Tensor x = a.get_output_tensor(0), y = b.get_output_tensor(0);
  for (size_t i = 0; i < x.get_size(); ++i) EXPECT_EQ(x.data<float>()[i], y.data<float>()[i]);
  std::stringstream garbage("not a blob");
  EXPECT_THROW(core.import_model(garbage, "GPU"), Exception);
}

TEST(GpuExecution, OpsWithoutAKernelAreNotClaimedAndRefusedByName) {
  Core core = make_core();
  auto x = std::make_shared<op::v0::Parameter>(element::i32, PartialShape{4});
  auto exp = std::make_shared<op::v0::Exp>(x);  // integer Exp: no GPU kernel (float-only functions)
  exp->set_friendly_name("integer_exp");
  auto y = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{4});
  auto relu = std::make_shared<op::v0::Relu>(y);
  relu->set_friendly_name("float_relu");
  auto model = std::make_shared<Model>(OutputVector{exp, relu}, ParameterVector{x, y});
  const auto supported = core.query_model(model, "GPU");
  EXPECT_EQ(supported.count("integer_exp"), 0u);
  EXPECT_EQ(supported.count("float_relu"), 1u);
  try {
    core.compile_model(model, "GPU");
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'integer_exp' of type Exp"), std::string::npos) << message;
  }
  // The plugin stays usable.
  EXPECT_NO_THROW(core.compile_model(wide_mlp(), "GPU"));
}

}  // namespace
}  // namespace ferry::gpu::test
