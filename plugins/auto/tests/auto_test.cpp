// AUTO as applications use it, on TEMPLATE, CPU and GATED (tests/gated_plugin: a device whose
// compile waits for the test to open its gate, so the test decides when "the accelerator" is
// ready): selection by priority, precision and query_model, exclusions, compile failures,
// startup fallback (the first results from CPU, later ones from the selected device, none lost or
// run twice across the switch), CUMULATIVE_THROUGHPUT, its properties and its errors.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <thread>

#include "ferry/auto/properties.hpp"
#include "ferry/ferry.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/auto_checks.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::auto_device {
namespace {

using namespace test;

std::shared_ptr<Model> mlp() { return test_models::make_mlp(kBatch); }

const AnyMap kProfiling{{enable_profiling.name(), true}};

AnyMap with_profiling(AnyMap properties) {
  properties[enable_profiling.name()] = true;
  return properties;
}

// Registers GATED (its gate open) with `core`.
void register_gated(Core& core) {
  const char* path = std::getenv("FERRY_GATED_PLUGIN");
  ASSERT_TRUE(path && *path) << "FERRY_GATED_PLUGIN names no library";
  core.register_plugin(std::filesystem::absolute(path).string(), "GATED");
}

void set_gate(Core& core, bool open) { core.set_property("GATED", {{"GATED_OPEN", open}}); }

std::vector<std::string> execution_devices_of(const CompiledModel& compiled) {
  return compiled.get_property(execution_devices);
}

std::string selection_of(const CompiledModel& compiled) { return compiled.get_property(selection); }

// Polls until `compiled` runs its inferences on `device` alone (60 s at most).
bool settles_on(const CompiledModel& compiled, const std::string& device) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (execution_devices_of(compiled) != std::vector<std::string>{device}) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

// One inference on a new request of `compiled`: right, and where it ran.
std::string run_once(CompiledModel& compiled, int seed) {
  InferRequest request = compiled.create_infer_request();
  const std::vector<float> x = fill_mlp_input(request, seed);
  request.infer();
  expect_mlp_right(request, x, "seed " + std::to_string(seed));
  return device_that_ran(request);
}

TEST(Auto, CompileWithoutADeviceIsAutoOnTheFastestKindAvailable) {
  Core core;
  CompiledModel by_default = core.compile_model(mlp(), kProfiling);
  CompiledModel named = core.compile_model(mlp(), "AUTO", kProfiling);
  // The rule (sdk::default_candidates): a GPU that is a GPU, else the CPU device, else a GPU on
  // the host's cores (PoCL's), else another device; NPUs only when named.
  std::string best;
  const std::vector<std::string> devices = core.get_available_devices();
  for (const std::string& device : devices)
    if (best.empty() && device.rfind("GPU", 0) == 0 &&
        core.get_property(device, "GPU_OPENCL_DEVICE_TYPE").as<std::string>() != "CPU")
      best = device;
  for (const std::string& device : devices)
    if (best.empty() && device == "CPU") best = device;
  for (const std::string& device : devices)
    if (best.empty() && device.rfind("GPU", 0) == 0) best = device;
  ASSERT_FALSE(best.empty()) << "no GPU and no CPU device";
  EXPECT_TRUE(settles_on(by_default, best)) << selection_of(by_default);
  EXPECT_TRUE(settles_on(named, best)) << selection_of(named);
  EXPECT_EQ(run_once(by_default, 1), best);
  EXPECT_EQ(run_once(named, 2), best);
}

TEST(Auto, ANamedListIsTakenInPriorityOrder) {
  Core core;
  CompiledModel compiled =
      core.compile_model(mlp(), "AUTO:TEMPLATE,CPU", with_profiling({{enable_startup_fallback.name(), false}}));
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"TEMPLATE"});
  EXPECT_EQ(run_once(compiled, 1), "TEMPLATE");
  EXPECT_EQ(compiled.get_property(device::priorities.name()).as<std::string>(), "TEMPLATE,CPU");

  // The same list as MULTI_DEVICE_PRIORITIES, and as AUTO's setting.
  CompiledModel by_property = core.compile_model(mlp(), "AUTO", {device::priorities("TEMPLATE")});
  EXPECT_EQ(execution_devices_of(by_property), std::vector<std::string>{"TEMPLATE"});
  core.set_property("AUTO", {device::priorities("TEMPLATE")});
  EXPECT_EQ(core.get_property("AUTO", device::priorities.name()).as<std::string>(), "TEMPLATE");
  EXPECT_EQ(execution_devices_of(core.compile_model(mlp(), "AUTO")), std::vector<std::string>{"TEMPLATE"});
}

TEST(Auto, ExcludedDevicesAreNotCandidates) {
  Core core;
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:-CPU,-GPU");
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"TEMPLATE"});
  EXPECT_NE(selection_of(compiled).find("candidates in priority order: TEMPLATE\n"), std::string::npos)
      << selection_of(compiled);
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO:-CPU,-GPU,-TEMPLATE"), "AUTO:-CPU,-GPU,-TEMPLATE",
                        "no device is left", "excluded: CPU, GPU, TEMPLATE");
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO:CPU,-GPU"), "not both");
  // Excluding a device the Core does not have excludes nothing, and the selection says so.
  const std::string nope = selection_of(core.compile_model(mlp(), "AUTO:-NOPE,-GPU,-CPU"));
  EXPECT_NE(nope.find("excluding 'NOPE' excludes nothing: unknown device 'NOPE'"), std::string::npos) << nope;
}

TEST(Auto, AModelTheFirstDeviceCannotRunGoesToTheNext) {
  Core core;
  register_gated(core);
  // GATED's query_model leaves Relu out.
  core.set_property("GATED", {{"GATED_REFUSED_OP", "Relu"}});
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:GATED,TEMPLATE");
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"TEMPLATE"});
  EXPECT_NE(selection_of(compiled).find("GATED: passed over: query_model leaves out op"), std::string::npos)
      << selection_of(compiled);
  EXPECT_NE(selection_of(compiled).find("of type Relu"), std::string::npos) << selection_of(compiled);
  EXPECT_EQ(core.get_property("GATED", "GATED_COMPILES").as<uint32_t>(), 0u);

  // A device whose capabilities lack the model's precision (FP32: FP32 or FP16) is passed over.
  core.set_property("GATED", {{"GATED_REFUSED_OP", ""}, {"GATED_CAPABILITIES", std::vector<std::string>{"INT8"}}});
  compiled = core.compile_model(mlp(), "AUTO:GATED,TEMPLATE");
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"TEMPLATE"});
  EXPECT_NE(selection_of(compiled).find("list none of FP32, FP16"), std::string::npos) << selection_of(compiled);
  // When no candidate is left, the error names each and why.
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO:GATED"), "no candidate can run model",
                        "GATED:", "list none of FP32, FP16");
}

TEST(Auto, ADeviceThatFailsToCompileGivesWayToTheNext) {
  Core core;
  register_gated(core);
  core.set_property("GATED", {{"GATED_COMPILE_ERROR", "out of device memory"}});
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:GATED,TEMPLATE");
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"TEMPLATE"});
  EXPECT_NE(selection_of(compiled).find("GATED: compile failed: out of device memory"), std::string::npos)
      << selection_of(compiled);
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO:GATED"), "AUTO:GATED", "compiled on none of GATED",
                        "out of device memory");
  // The Core stays usable.
  EXPECT_EQ(run_once(compiled, 3), "");  // no PERF_COUNT: no records
}

TEST(Auto, CpuRunsTheFirstInferencesWhileTheSelectedDeviceCompiles) {
  Core core;
  register_gated(core);
  set_gate(core, false);
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:GATED,CPU", kProfiling);
  // compile_model returned while GATED still waits: CPU answers.
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"CPU"});
  InferRequest request = compiled.create_infer_request();
  std::vector<float> x = fill_mlp_input(request, 1);
  request.infer();
  expect_mlp_right(request, x, "on CPU");
  EXPECT_EQ(device_that_ran(request), "CPU");

  set_gate(core, true);
  ASSERT_TRUE(settles_on(compiled, "GATED")) << selection_of(compiled);
  // The same request moves over, with the tensors it had.
  x = fill_mlp_input(request, 2);
  request.infer();
  expect_mlp_right(request, x, "on GATED");
  EXPECT_EQ(device_that_ran(request), "GATED");
  EXPECT_EQ(run_once(compiled, 3), "GATED");
  EXPECT_NE(selection_of(compiled).find("inferences move to GATED"), std::string::npos) << selection_of(compiled);
}

TEST(Auto, TheSelectedDeviceCompilesOnceCpuHasAnswered) {
  Core core;
  register_gated(core);
  const auto compiles = [&] { return core.get_property("GATED", "GATED_COMPILES").as<uint32_t>(); };
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:GATED,CPU", kProfiling);
  const auto compiled_at = std::chrono::steady_clock::now();
  const uint32_t before_the_first_result = compiles();
  // The head start lasts until the first result, or 1 s: only a check made within it counts.
  if (std::chrono::steady_clock::now() - compiled_at < std::chrono::milliseconds(900)) {
    EXPECT_EQ(before_the_first_result, 0u) << "GATED compiled before CPU answered";
  }
  EXPECT_EQ(run_once(compiled, 6), "CPU");
  ASSERT_TRUE(settles_on(compiled, "GATED")) << selection_of(compiled);
  EXPECT_EQ(compiles(), 1u);
}

TEST(Auto, ACompiledModelDroppedBeforeItsFirstInferenceDoesNotWaitForTheSelectedDevice) {
  Core core;
  register_gated(core);
  set_gate(core, false);  // a compile of GATED would wait forever: the test would time out
  { CompiledModel compiled = core.compile_model(mlp(), "AUTO:GATED,CPU"); }
  EXPECT_EQ(core.get_property("GATED", "GATED_COMPILES").as<uint32_t>(), 0u);
}

TEST(Auto, RequestsInFlightWhenTheDeviceSwitchesAreNeitherLostNorRunTwice) {
  Core core;
  register_gated(core);
  set_gate(core, false);
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:GATED,CPU", kProfiling);
  constexpr int kRequests = 4;
  constexpr int kRounds = 30;
  std::vector<InferRequest> requests;
  std::vector<std::atomic<int>> callbacks(kRequests);
  for (int r = 0; r < kRequests; ++r) {
    requests.push_back(compiled.create_infer_request());
    requests.back().set_callback([&callbacks, r](std::exception_ptr error) {
      EXPECT_FALSE(error) << "request " << r << " failed";
      ++callbacks[r];
    });
  }
  std::set<std::string> ran_on;
  for (int round = 0; round < kRounds; ++round) {
    if (round == kRounds / 3) set_gate(core, true);  // GATED becomes ready while requests run
    std::vector<std::vector<float>> inputs;
    for (int r = 0; r < kRequests; ++r) {
      inputs.push_back(fill_mlp_input(requests[r], round * kRequests + r));
      requests[r].start_async();
    }
    for (int r = 0; r < kRequests; ++r) {
      ASSERT_TRUE(requests[r].wait_for(std::chrono::seconds(30))) << "round " << round << ", request " << r;
      expect_mlp_right(requests[r], inputs[r], "round " + std::to_string(round) + ", request " + std::to_string(r));
      ran_on.insert(device_that_ran(requests[r]));
    }
    // Every inference ended with exactly one callback.
    for (int r = 0; r < kRequests; ++r) ASSERT_EQ(callbacks[r].load(), round + 1) << "request " << r;
  }
  ASSERT_TRUE(settles_on(compiled, "GATED"));
  EXPECT_TRUE(ran_on.count("CPU")) << "no inference ran on CPU before the switch";
  for (int r = 0; r < kRequests; ++r) {
    const std::vector<float> x = fill_mlp_input(requests[r], 1000 + r);
    requests[r].infer();
    expect_mlp_right(requests[r], x, "after the switch");
    EXPECT_EQ(device_that_ran(requests[r]), "GATED");
  }
}

TEST(Auto, WithoutStartupFallbackCompileWaitsForTheSelectedDevice) {
  Core core;
  register_gated(core);
  set_gate(core, false);
  std::thread opener([&] {
    // Opens the gate once AUTO's compile waits at it.
    while (core.get_property("GATED", "GATED_COMPILES").as<uint32_t>() == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    set_gate(core, true);
  });
  CompiledModel compiled =
      core.compile_model(mlp(), "AUTO:GATED,CPU", with_profiling({enable_startup_fallback(false)}));
  opener.join();
  EXPECT_EQ(execution_devices_of(compiled), std::vector<std::string>{"GATED"});
  EXPECT_EQ(run_once(compiled, 4), "GATED");
  EXPECT_EQ(compiled.get_property(enable_startup_fallback), false);
}

TEST(Auto, CumulativeThroughputSpreadsInferencesOverEveryDevice) {
  Core core;
  const AnyMap round_robin = with_profiling({hint::performance_mode(hint::PerformanceMode::CUMULATIVE_THROUGHPUT),
                                             schedule_policy(SchedulePolicy::ROUND_ROBIN)});
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:CPU,TEMPLATE", round_robin);
  EXPECT_EQ(execution_devices_of(compiled), (std::vector<std::string>{"CPU", "TEMPLATE"}));
  const uint32_t cpu = core.compile_model(mlp(), "CPU", {hint::performance_mode(hint::PerformanceMode::THROUGHPUT)})
                           .get_property(optimal_number_of_infer_requests);
  const uint32_t reference =
      core.compile_model(mlp(), "TEMPLATE", {hint::performance_mode(hint::PerformanceMode::THROUGHPUT)})
          .get_property(optimal_number_of_infer_requests);
  EXPECT_EQ(compiled.get_property(optimal_number_of_infer_requests), cpu + reference);
  // ROUND_ROBIN: one request's inferences take the devices in turn.
  InferRequest request = compiled.create_infer_request();
  std::set<std::string> ran_on;
  for (int i = 0; i < 4; ++i) {
    const std::vector<float> x = fill_mlp_input(request, i);
    request.infer();
    expect_mlp_right(request, x, "inference " + std::to_string(i));
    ran_on.insert(device_that_ran(request));
  }
  EXPECT_EQ(ran_on, (std::set<std::string>{"CPU", "TEMPLATE"}));

  // DEVICE_PRIORITY: with one inference at a time, the first device has room for all of them.
  AnyMap priority = round_robin;
  priority[schedule_policy.name()] = SchedulePolicy::DEVICE_PRIORITY;
  CompiledModel by_priority = core.compile_model(mlp(), "AUTO:CPU,TEMPLATE", priority);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(run_once(by_priority, i), "CPU");

  // DEVICE_BIND_BUFFER: each request keeps to the device it was given, in turn.
  AnyMap bound = round_robin;
  bound[device_bind_buffer.name()] = true;
  CompiledModel bound_model = core.compile_model(mlp(), "AUTO:CPU,TEMPLATE", bound);
  InferRequest first = bound_model.create_infer_request();
  InferRequest second = bound_model.create_infer_request();
  for (int i = 0; i < 3; ++i) {
    for (InferRequest* r : {&first, &second}) {
      const std::vector<float> x = fill_mlp_input(*r, i);
      r->infer();
      expect_mlp_right(*r, x, "bound request");
    }
    EXPECT_EQ(device_that_ran(first), "CPU");
    EXPECT_EQ(device_that_ran(second), "TEMPLATE");
  }
  EXPECT_ERROR_CONTAINS(std::ostringstream out; bound_model.export_model(out), "CUMULATIVE_THROUGHPUT");
}

TEST(Auto, PropertiesReachTheirDevicesAndReadBack) {
  Core core;
  // DEVICE_PROPERTIES reach the device they name; PERF_COUNT for TEMPLATE only.
  CompiledModel compiled = core.compile_model(
      mlp(), "AUTO:TEMPLATE", {device::properties("TEMPLATE", enable_profiling(true)), enable_runtime_fallback(false)});
  EXPECT_EQ(run_once(compiled, 1), "TEMPLATE");
  EXPECT_EQ(compiled.get_property(enable_runtime_fallback), false);
  EXPECT_EQ(compiled.get_property(enable_startup_fallback), true);
  EXPECT_EQ(compiled.get_property(hint::performance_mode), hint::PerformanceMode::LATENCY);
  const std::vector<PropertyName> supported = compiled.get_property(supported_properties);
  for (const char* key : {"EXECUTION_DEVICES", "AUTO_DEVICE_SELECTION", "ENABLE_STARTUP_FALLBACK",
                          "ENABLE_RUNTIME_FALLBACK", "SCHEDULE_POLICY", "DEVICE_BIND_BUFFER", "LOG_LEVEL"})
    EXPECT_NE(std::find(supported.begin(), supported.end(), key), supported.end()) << key;
  // What AUTO does not know is its device's, which names it when it refuses.
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO:TEMPLATE", {{"NOT_A_KEY", 1}}), "NOT_A_KEY");
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO", {{schedule_policy.name(), "SIDEWAYS"}}), "SIDEWAYS",
                        "SCHEDULE_POLICY");
  EXPECT_ERROR_CONTAINS(core.compile_model(mlp(), "AUTO:NOPE"), "NOPE");
  // LOG_LEVEL: AUTO says what it chose on stderr.
  ::testing::internal::CaptureStderr();
  core.compile_model(mlp(), "AUTO:TEMPLATE", {log::level(log::Level::INFO)});
  const std::string logged = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(logged.find("[AUTO:TEMPLATE] inferences run on TEMPLATE"), std::string::npos) << logged;
}

TEST(Auto, ExportsTheBlobOfItsDevice) {
  Core core;
  CompiledModel compiled = core.compile_model(mlp(), "AUTO:CPU");
  std::stringstream blob;
  compiled.export_model(blob);
  CompiledModel imported = core.import_model(blob, "CPU");
  InferRequest request = imported.create_infer_request();
  const std::vector<float> x = fill_mlp_input(request, 5);
  request.infer();
  expect_mlp_right(request, x, "imported on CPU");
}

}  // namespace
}  // namespace ferry::auto_device
