// The CPU's properties as OpenVINO's CPU users set them: threads, streams and hints reach the
// compiled model; keys asking for what the host does not have are refused by name, and a refused
// key leaves the device usable.

#include <dirent.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

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

// The CPU affinity of each of this process's threads named `name_prefix` + N, by N.
std::map<int, std::set<int>> affinity_of_threads(const std::string& name_prefix) {
  std::map<int, std::set<int>> found;
  DIR* tasks = opendir("/proc/self/task");
  if (!tasks) return found;
  while (const dirent* entry = readdir(tasks)) {
    if (entry->d_name[0] == '.') continue;
    std::ifstream comm(std::string("/proc/self/task/") + entry->d_name + "/comm");
    std::string name;
    if (!std::getline(comm, name) || name.rfind(name_prefix, 0) != 0) continue;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(std::stoi(entry->d_name), sizeof(set), &set) != 0) continue;
    std::set<int> cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &set)) cpus.insert(cpu);
    found[std::stoi(name.substr(name_prefix.size()))] = cpus;
  }
  closedir(tasks);
  return found;
}

TEST(CpuProperties, PinningPutsEachStreamOnItsOwnCoresAndResultsStayTheSame) {
  Core core;
  const int streams = std::min(2, logical_cores());
  CompiledModel compiled = core.compile_model(
      make_mlp(2, kMlp), "CPU", {hint::enable_cpu_pinning(true), num_streams(streams), inference_num_threads(streams)});
  EXPECT_TRUE(compiled.get_property(hint::enable_cpu_pinning));
  const auto pinned = affinity_of_threads("CPU-stream-");
  ASSERT_EQ(static_cast<int>(pinned.size()), streams);
  std::set<int> used;
  for (const auto& [stream, cpus] : pinned) {
    EXPECT_EQ(cpus.size(), 1u) << "stream " << stream << " runs one thread, on one CPU";
    used.insert(cpus.begin(), cpus.end());
  }
  EXPECT_EQ(static_cast<int>(used.size()), streams) << "two streams share a CPU while the host has one each";

  // Requests run on the pinned streams and compute what they computed unpinned.
  std::vector<InferRequest> requests;
  std::vector<std::vector<float>> inputs;
  for (int i = 0; i < 2 * streams; ++i) {
    requests.push_back(compiled.create_infer_request());
    inputs.push_back(sample(2 * kMlp.in, 20 + i));
    requests.back().set_tensor("x", Tensor(element::f32, {2, kMlp.in}, inputs.back().data()));
    requests.back().start_async();
  }
  for (size_t i = 0; i < requests.size(); ++i) {
    requests[i].wait();
    const auto expected = mlp_reference(inputs[i], 2, kMlp).probs;
    const Tensor probs = requests[i].get_tensor("probs");
    for (size_t k = 0; k < expected.size(); ++k) EXPECT_NEAR(probs.data<float>()[k], expected[k], 1e-5f);
  }
}

std::set<int> process_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  EXPECT_EQ(sched_getaffinity(0, sizeof(set), &set), 0);
  std::set<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.insert(cpu);
  return cpus;
}

TEST(CpuProperties, PinningIsOnByDefaultForSeveralStreamsAndNeverRestrictsOneStream) {
  Core core;
  EXPECT_TRUE(core.get_property("CPU", hint::enable_cpu_pinning));
  const std::set<int> all = process_cpus();
  {
    // One stream: its threads go wherever a core is free (a busy core would stall a pinned one).
    CompiledModel latency =
        core.compile_model(make_mlp(2, kMlp), "CPU", {hint::performance_mode(hint::PerformanceMode::LATENCY)});
    const auto unpinned = affinity_of_threads("CPU-stream-");
    ASSERT_EQ(unpinned.size(), 1u);
    EXPECT_EQ(unpinned.begin()->second, all);
  }
  if (all.size() >= 2) {
    CompiledModel throughput =
        core.compile_model(make_mlp(2, kMlp), "CPU", {hint::performance_mode(hint::PerformanceMode::THROUGHPUT)});
    const auto pinned = affinity_of_threads("CPU-stream-");
    ASSERT_EQ(static_cast<int>(pinned.size()), throughput.get_property(num_streams).num);
    for (const auto& [stream, cpus] : pinned) EXPECT_EQ(cpus.size(), 1u) << stream;
  }
  {
    CompiledModel free = core.compile_model(
        make_mlp(2, kMlp), "CPU",
        {hint::performance_mode(hint::PerformanceMode::THROUGHPUT), hint::enable_cpu_pinning(false)});
    EXPECT_FALSE(free.get_property(hint::enable_cpu_pinning));
    const auto unpinned = affinity_of_threads("CPU-stream-");
    ASSERT_EQ(static_cast<int>(unpinned.size()), free.get_property(num_streams).num);
    for (const auto& [stream, cpus] : unpinned) EXPECT_EQ(cpus, all) << stream;
  }
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
              core.set_property("CPU", {hint::inference_precision(element::f16)});
            }).find("INFERENCE_PRECISION_HINT"),
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
