// The device forms of the GPU device page, end to end on this machine's OpenCL devices (PoCL's CPU
// device and its sub-devices in CI; "GPU.1" and "GPU.1.0" there are GPU.0 and GPU.0.1 here):
// "GPU", "GPU.<n>", "GPU.<n>.<tile>", "MULTI:GPU.<n>.1,GPU.<n>.0", "BATCH:GPU" (N from the
// device's OPTIMAL_BATCH_SIZE for the model) and "GPU" with the THROUGHPUT hint, which batches
// automatically when OPTIMAL_BATCH_SIZE > 1. Every form computes the reference's results.
#include <gtest/gtest.h>

#include <algorithm>

#include "ferry/batch/properties.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

// One batch-1 input wide enough that GPU reports OPTIMAL_BATCH_SIZE > 1 for it: a [1, 1024] Relu.
std::shared_ptr<Model> make_wide_model() {
  auto x = param({1, 1024});
  x->output(0).set_names({"x"});
  return model_of(std::make_shared<op::v0::Relu>(x), {x});
}

// Runs `requests` requests at once on `compiled`, each on its own input, against the reference.
void expect_forms_work(CompiledModel& compiled, const std::shared_ptr<Model>& model, int requests,
                       const std::string& form) {
  std::vector<InferRequest> running;
  std::vector<TensorVector> inputs;
  for (int r = 0; r < requests; ++r) {
    inputs.push_back(random_inputs(model, 10 + r));
    running.push_back(compiled.create_infer_request());
    running.back().set_input_tensor(inputs.back()[0]);
    running.back().start_async();
  }
  for (int r = 0; r < requests; ++r) {
    running[r].wait();
    TensorVector expected;
    ReferenceExecutor(model).run(inputs[r], expected);
    expect_values_close(running[r].get_output_tensor(0), expected[0], 1e-6, 0, form + ", request " + std::to_string(r));
  }
}

std::string last_device(Core& core) {
  const std::vector<std::string> devices = core.get_available_devices();
  std::string last;
  for (const std::string& device : devices)
    if (device.rfind("GPU", 0) == 0 && std::count(device.begin(), device.end(), '.') <= 1) last = device;
  return last;
}

TEST(GpuDeviceForms, EveryFormOfTheDevicePageRuns) {
  Core core = make_core();
  const auto model = make_wide_model();
  const std::string device = last_device(core);  // "GPU" or "GPU.<n>"
  ASSERT_FALSE(device.empty()) << "no GPU device";
  const std::string indexed = device == "GPU" ? "GPU.0" : device;
  std::vector<std::string> forms{"GPU", indexed};
  const std::vector<std::string> devices = core.get_available_devices();
  const bool tiles = std::find(devices.begin(), devices.end(), indexed + ".1") != devices.end();
  if (tiles) forms.insert(forms.end(), {indexed + ".1", "MULTI:" + indexed + ".1," + indexed + ".0"});
  forms.push_back("BATCH:GPU");
  for (const std::string& form : forms) {
    SCOPED_TRACE(form);
    CompiledModel compiled = core.compile_model(model, form);
    expect_forms_work(compiled, model, 4, form);
  }
  if (!tiles) GTEST_SKIP() << indexed << " has no sub-devices here: the tile forms were not run";
}

TEST(GpuDeviceForms, BatchGpuTakesTheDevicesOptimalBatchSize) {
  Core core = make_core();
  const auto model = make_wide_model();
  const auto optimal = core.get_property("GPU", optimal_batch_size.name(), {hint::model(model)}).as<unsigned>();
  ASSERT_GT(optimal, 1u) << "the model was made wide enough for OPTIMAL_BATCH_SIZE > 1";
  CompiledModel compiled = core.compile_model(model, "BATCH:GPU", {auto_batch_timeout(20000)});
  EXPECT_EQ(compiled.get_property(optimal_batch_size), optimal);
  expect_forms_work(compiled, model, static_cast<int>(optimal), "BATCH:GPU");
  EXPECT_EQ(compiled.get_property(batch::batched_inferences), 1u) << "the requests ran as one batch";
}

TEST(GpuDeviceForms, ThroughputHintBatchesAutomatically) {
  Core core = make_core();
  const auto model = make_wide_model();
  const auto optimal = core.get_property("GPU", optimal_batch_size.name(), {hint::model(model)}).as<unsigned>();
  ASSERT_GT(optimal, 1u);
  const AnyMap throughput{hint::performance_mode(hint::PerformanceMode::THROUGHPUT), auto_batch_timeout(20000)};
  CompiledModel compiled = core.compile_model(model, "GPU", throughput);
  EXPECT_EQ(compiled.get_property(optimal_batch_size), optimal);
  expect_forms_work(compiled, model, static_cast<int>(optimal), "GPU with THROUGHPUT");
  EXPECT_EQ(compiled.get_property(batch::batched_inferences), 1u) << "the requests ran as one batch";
  // ALLOW_AUTO_BATCHING false, or the LATENCY hint: the model as it is.
  AnyMap no_batching = throughput;
  no_batching.erase(auto_batch_timeout.name());
  no_batching[hint::allow_auto_batching.name()] = false;
  CompiledModel plain = core.compile_model(model, "GPU", no_batching);
  EXPECT_ERROR_CONTAINS(plain.get_property(batch::batched_inferences), "BATCHED_INFERENCES");
  expect_forms_work(plain, model, 2, "GPU with THROUGHPUT, ALLOW_AUTO_BATCHING false");
  CompiledModel latency = core.compile_model(model, "GPU", hint::performance_mode(hint::PerformanceMode::LATENCY));
  EXPECT_ERROR_CONTAINS(latency.get_property(batch::batched_inferences), "BATCHED_INFERENCES");
}

}  // namespace
}  // namespace ferry::gpu::test
