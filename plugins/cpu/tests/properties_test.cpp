// The CPU's properties as OpenVINO's CPU users set them: threads, streams and hints reach the
// compiled model; keys asking for what the host does not have are refused by name, and a refused
// key leaves the device usable.

#include <gtest/gtest.h>
#include <unistd.h>

#include <thread>

#include "ferry/cpu/properties.hpp"
#include "ferry/ferry.hpp"
#include "ferry/testing/error_of.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::cpu_test {
namespace {

using ::ferry::testing::error_of;
using namespace ::ferry::test_models;

int logical_cores() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  return sched_getaffinity(0, sizeof(allowed), &allowed) == 0 ? CPU_COUNT(&allowed)
                                                              : static_cast<int>(std::thread::hardware_concurrency());
}

TEST(CpuProperties, LatencyRunsOneStreamOnEveryThreadAndThroughputOneStreamPerThread) {
  Core core;
  CompiledModel latency =
      core.compile_model(make_mlp(2, kMlp), "CPU", {hint::performance_mode(hint::PerformanceMode::LATENCY)});
  EXPECT_EQ(latency.get_property(num_streams).num, 1);
  EXPECT_EQ(latency.get_property(optimal_number_of_infer_requests), 1u);

  CompiledModel throughput = core.compile_model(
      make_mlp(2, kMlp), "CPU",
      {hint::performance_mode(hint::PerformanceMode::THROUGHPUT), inference_num_threads(logical_cores())});
  EXPECT_EQ(throughput.get_property(num_streams).num, logical_cores());
  EXPECT_EQ(throughput.get_property(inference_num_threads), logical_cores());

  CompiledModel capped = core.compile_model(
      make_mlp(2, kMlp), "CPU", {hint::performance_mode(hint::PerformanceMode::THROUGHPUT), hint::num_requests(1)});
  EXPECT_EQ(capped.get_property(num_streams).num, 1);
}

TEST(CpuProperties, InferenceNumThreadsReachesTheCompiledModel) {
  Core core;
  core.set_property("CPU", {inference_num_threads(1)});
  EXPECT_EQ(core.get_property("CPU", inference_num_threads), 1);
  CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU");
  EXPECT_EQ(compiled.get_property(inference_num_threads), 1);
}

TEST(CpuProperties, WhatTheHostLacksIsRefusedByName) {
  Core core;
  const int cores = logical_cores();
  EXPECT_NE(
      error_of([&] { core.set_property("CPU", {inference_num_threads(cores + 1)}); }).find("INFERENCE_NUM_THREADS"),
      std::string::npos);
  EXPECT_NE(error_of([&] { core.set_property("CPU", {inference_num_threads(-1)}); }).find("INFERENCE_NUM_THREADS"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              core.set_property("CPU", {hint::inference_precision(element::bf16)});
            }).find("INFERENCE_PRECISION_HINT"),
            std::string::npos);
  EXPECT_NE(error_of([&] { core.set_property("CPU", {hint::enable_cpu_pinning(true)}); }).find("ENABLE_CPU_PINNING"),
            std::string::npos);
  EXPECT_NE(
      error_of([&] { core.set_property("CPU", {cpu::runtime_cache_capacity(0)}); }).find("CPU_RUNTIME_CACHE_CAPACITY"),
      std::string::npos);
  if (access("/sys/devices/cpu_atom", F_OK) != 0) {
    EXPECT_NE(error_of([&] {
                core.set_property("CPU", {hint::scheduling_core_type(hint::SchedulingCoreType::ECORE_ONLY)});
              }).find("no efficient cores"),
              std::string::npos);
  }
  // Every core counts as a performance core on a processor of one kind.
  core.set_property("CPU", {hint::scheduling_core_type(hint::SchedulingCoreType::PCORE_ONLY)});
  // A refused value changed nothing: the device still compiles and runs.
  EXPECT_EQ(core.get_property("CPU", inference_num_threads), 0);
  CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU");
  compiled.create_infer_request().infer();
}

TEST(CpuProperties, HyperThreadingIsAcceptedOnlyWhereCoresHaveSeveralThreads) {
  Core core;
  const bool smt = core.get_property("CPU", hint::enable_hyper_threading);
  if (smt) {
    core.set_property("CPU", {hint::enable_hyper_threading(false)});
    CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU");
    EXPECT_LT(compiled.get_property(inference_num_threads), logical_cores());
  } else {
    core.set_property("CPU", {hint::enable_hyper_threading(false)});
    EXPECT_NE(
        error_of([&] { core.set_property("CPU", {hint::enable_hyper_threading(true)}); }).find("one hardware thread"),
        std::string::npos);
  }
}

TEST(CpuProperties, ExportedModelImportsWithItsSettings) {
  Core core;
  CompiledModel compiled = core.compile_model(make_mlp(2, kMlp), "CPU", {inference_num_threads(1)});
  std::stringstream blob;
  compiled.export_model(blob);
  CompiledModel imported = core.import_model(blob, "CPU");
  EXPECT_EQ(imported.get_property(inference_num_threads), 1);
  EXPECT_TRUE(imported.get_property(loaded_from_cache));
  InferRequest request = imported.create_infer_request();
  auto x = sample(2 * kMlp.in, 9);
  request.set_tensor("x", Tensor(element::f32, {2, kMlp.in}, x.data()));
  request.infer();
  const auto expected = mlp_reference(x, 2, kMlp).probs;
  const Tensor probs = request.get_tensor("probs");
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(probs.data<float>()[i], expected[i], 1e-5f);
}

}  // namespace
}  // namespace ferry::cpu_test
