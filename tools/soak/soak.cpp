// soak: runs many inferences of the shipped models over several threads on TEMPLATE, GPU and NPU,
// creating and destroying requests, and fails on any wrong output, on RSS growth beyond a bound or
// on any descriptor growth after warm-up (see docs/SOAK.md).

#include <limits.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "fault_injection.hpp"
#include "ferry/ferry.hpp"
#include "process_resources.hpp"
#include "resource_verdict.hpp"
#include "soak_options.hpp"
#include "soak_report.hpp"
#include "soak_schedule.hpp"
#include "soak_session.hpp"
#include "testing/models/reference_case.hpp"
#include "tool_main.hpp"
#include "tools/cpp/runfiles/runfiles.h"

namespace ferry::tools {
namespace {

using Clock = std::chrono::steady_clock;

// Each device's models when --models is not given: every shipped model on TEMPLATE; on NPU every
// static one (its graphs have static shapes); on GPU (PoCL: each kernel launch costs tens of
// microseconds on this CPU) the small ones.
const std::map<std::string, std::vector<std::string>> kDefaultModels = {
    {"TEMPLATE", {"mlp", "cnn", "elementwise", "dynamic", "conv_variants", "op_versions"}},
    {"GPU", {"mlp", "elementwise", "dynamic"}},
    {"NPU", {"mlp", "cnn", "elementwise", "conv_variants", "op_versions"}},
};
// Requests per turn of the schedule, by device: the slower a device, the fewer, so that no device
// keeps the others' threads waiting at the end of a round.
const std::map<std::string, uint32_t> kDeviceWeights = {{"TEMPLATE", 4}, {"GPU", 1}, {"NPU", 2}};

struct Target {
  TargetResult result;
  const testing::ReferenceCase* reference = nullptr;
  CompiledModel compiled;
  std::mutex mutex;  // guards result.tally
};

struct Paths {
  std::string models_dir;
  std::string npu_simulator;
};

// Found before run_tool enters the user's directory: the runfiles lookup may use argv[0].
Paths find_runfiles(const char* argv0) {
  Paths paths;
  std::string error;
  std::unique_ptr<bazel::tools::cpp::runfiles::Runfiles> runfiles(
      bazel::tools::cpp::runfiles::Runfiles::Create(argv0, &error));
  if (!runfiles) return paths;
  const auto absolute = [&](const std::string& path) {
    const std::string found = runfiles->Rlocation("ferry/" + path);
    return !found.empty() && std::filesystem::exists(found) ? std::filesystem::absolute(found).string() : std::string();
  };
  paths.models_dir = absolute("testing/models/openvino");
  paths.npu_simulator = absolute("plugins/npu/simulator/libze_ferry_npu_simulator.so");
  return paths;
}

// The Level Zero loader reads ZE_ENABLE_ALT_DRIVERS once, at the NPU plugin's zeInit, and wants
// an absolute path: point it at the simulated NPU unless the user chose a driver.
void use_simulated_npu(const std::string& simulator) {
  if (simulator.empty() || getenv("ZE_ENABLE_ALT_DRIVERS")) return;
  char absolute[PATH_MAX];
  if (realpath(simulator.c_str(), absolute)) setenv("ZE_ENABLE_ALT_DRIVERS", absolute, 1);
}

bool device_available(const std::vector<std::string>& available, const std::string& device) {
  for (const auto& name : available)
    if (name == device || name.rfind(device + ".", 0) == 0) return true;
  return false;
}

// Samples RSS and descriptors while requests run, for the maxima.
class BusySampler {
 public:
  BusySampler() : m_thread([this] { loop(); }) {}
  ~BusySampler() {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_stop = true;
    }
    m_cv.notify_one();
    m_thread.join();
  }
  uint64_t max_rss_kib() const { return m_max_rss_kib; }
  size_t max_fds() const { return m_max_fds; }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_cv.wait_for(lock, std::chrono::milliseconds(200), [this] { return m_stop; })) {
      m_max_rss_kib = std::max<uint64_t>(m_max_rss_kib, resident_kib());
      m_max_fds = std::max<size_t>(m_max_fds, open_fd_count());
    }
  }
  std::mutex m_mutex;
  std::condition_variable m_cv;
  bool m_stop = false;
  std::atomic<uint64_t> m_max_rss_kib{0};
  std::atomic<size_t> m_max_fds{0};
  std::thread m_thread;
};

// Runs `budget` inferences over the threads, request after request, and returns when every thread
// has joined: no request is alive then.
class Rounds {
 public:
  Rounds(std::vector<std::unique_ptr<Target>>& targets, const SoakSchedule& schedule, const SoakOptions& options,
         FaultInjection& faults)
      : m_targets(targets), m_schedule(schedule), m_options(options), m_faults(faults) {}

  void run(uint64_t budget) {
    m_remaining = static_cast<int64_t>(budget);
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < m_options.threads; ++t) threads.emplace_back([this] { work(); });
    for (auto& thread : threads) thread.join();
  }
  uint64_t inferences_started() const { return m_next_inference; }

 private:
  void work() {
    for (;;) {
      const uint64_t n = m_next_session++;
      const ScheduledSession scheduled = m_schedule.session(n);
      // Claim this request's inferences from the round's budget.
      int64_t remaining = m_remaining.load();
      int64_t claimed = 0;
      do {
        claimed = std::min<int64_t>(remaining, scheduled.inferences);
        if (claimed <= 0) return;
      } while (!m_remaining.compare_exchange_weak(remaining, remaining - claimed));
      SessionPlan plan{scheduled.mode, scheduled.binding, static_cast<uint32_t>(claimed),
                       m_next_inference.fetch_add(static_cast<uint64_t>(claimed))};
      Target& target = *m_targets[scheduled.target];
      const SessionTally tally = run_session(target.compiled, *target.reference, plan, m_options.tolerance, m_faults);
      std::lock_guard<std::mutex> lock(target.mutex);
      target.result.tally.add(tally);
    }
  }

  std::vector<std::unique_ptr<Target>>& m_targets;
  const SoakSchedule& m_schedule;
  const SoakOptions& m_options;
  FaultInjection& m_faults;
  std::atomic<int64_t> m_remaining{0};
  std::atomic<uint64_t> m_next_session{0};
  std::atomic<uint64_t> m_next_inference{0};
};

const char* injection_name(Injection injection) {
  switch (injection) {
    case Injection::LEAK:
      return "leak";
    case Injection::FD_LEAK:
      return "fd_leak";
    case Injection::WRONG_OUTPUT:
      return "wrong_output";
    case Injection::NONE:
      break;
  }
  return "none";
}

int run(const SoakOptions& options, const Paths& paths) {
  const Clock::time_point start = Clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  SoakResult result;
  result.inferences_asked = options.inferences;
  result.threads = options.threads;
  result.tolerance_abs = options.tolerance.absolute;
  result.tolerance_rel = options.tolerance.relative;
  result.injection = injection_name(options.injection);
  result.bounds = options.bounds;
  const auto sample = [&](const std::string& label, uint64_t inferences) {
    result.quiet_samples.push_back({label, inferences, seconds(), resident_kib(), open_fd_count()});
    std::cerr << "soak: " << label << ": " << inferences << " inferences, "
              << result.quiet_samples.back().rss_kib / 1024 << " MiB RSS, " << result.quiet_samples.back().open_fds
              << " fds, " << static_cast<int>(seconds()) << " s\n";
  };
  sample("start", 0);

  const std::string models_dir = options.models_dir.empty() ? paths.models_dir : options.models_dir;
  if (models_dir.empty())
    throw UsageError("--models_dir: the shipped models were not found in the runfiles; name their folder");
  Core core(options.plugins_xml);
  const std::vector<std::string> available = core.get_available_devices();
  std::map<std::string, std::unique_ptr<testing::ReferenceCase>> references;
  std::vector<std::unique_ptr<Target>> targets;
  std::vector<uint32_t> weights;
  for (const std::string& device : options.devices) {
    if (!device_available(available, device)) {
      FERRY_ASSERT(
          !options.devices_named, "--devices: ", device, " is not available (available: ",
          [&] {
            std::string list;
            for (const auto& name : available) list += (list.empty() ? "" : ", ") + name;
            return list;
          }(),
          ")");
      result.skipped_devices.push_back(device + " (not available)");
      continue;
    }
    const auto defaults = kDefaultModels.find(device);
    const std::vector<std::string>& models = !options.models.empty()            ? options.models
                                             : defaults != kDefaultModels.end() ? defaults->second
                                                                                : kDefaultModels.at("TEMPLATE");
    const auto weight = kDeviceWeights.find(device);
    for (const std::string& model : models) {
      auto& reference = references[model];
      if (!reference)
        reference = std::make_unique<testing::ReferenceCase>(testing::load_reference_case(models_dir, model));
      auto target = std::make_unique<Target>();
      target->result.device = device;
      target->result.model = model;
      target->reference = reference.get();
      const Clock::time_point compile_start = Clock::now();
      target->compiled = core.compile_model(reference->xml_path, device);
      target->result.compile_ms = std::chrono::duration<double, std::milli>(Clock::now() - compile_start).count();
      targets.push_back(std::move(target));
      weights.push_back(weight != kDeviceWeights.end() ? weight->second : 1);
    }
  }
  FERRY_ASSERT(!targets.empty(), "no device to run on");
  sample("compiled", 0);

  const SoakSchedule schedule(weights);
  FaultInjection faults(options.injection);
  Rounds rounds(targets, schedule, options, faults);
  const uint64_t warm_up = options.inferences * options.warm_up_percent / 100;
  const double run_start = seconds();
  {
    BusySampler busy;
    rounds.run(warm_up);
    sample("warm-up", rounds.inferences_started());
    result.warm_up_index = result.quiet_samples.size() - 1;
    const uint64_t rest = options.inferences - warm_up;
    for (uint32_t r = 0; r < options.rounds; ++r) {
      // The last round takes the remainder, so exactly --inferences run.
      rounds.run(r + 1 < options.rounds ? rest / options.rounds : rest - rest / options.rounds * r);
      sample("round " + std::to_string(r + 1), rounds.inferences_started());
    }
    result.busy_max_rss_kib = busy.max_rss_kib();
    result.busy_max_fds = busy.max_fds();
  }
  result.wall_s = seconds() - run_start;
  for (const auto& target : targets) result.targets.push_back(target->result);
  result.verdict = judge_resources(result.quiet_samples, result.warm_up_index, options.bounds);

  std::cout << "\n";
  print_summary(std::cout, result);
  if (!options.report.empty()) {
    std::ofstream json(options.report);
    FERRY_ASSERT(json, "--report: cannot write '", options.report, "'");
    write_json(json, result);
    FERRY_ASSERT(json.good(), "--report: writing '", options.report, "' failed");
    std::cout << "JSON report: " << options.report << "\n";
  }
  return result.passed() ? 0 : 1;
}

}  // namespace
}  // namespace ferry::tools

int main(int argc, char** argv) {
  const ferry::tools::Paths paths = ferry::tools::find_runfiles(argv[0]);
  ferry::tools::use_simulated_npu(paths.npu_simulator);
  return ferry::tools::run_tool("soak", [&] {
    const ferry::tools::ArgParser parser = ferry::tools::soak_arg_parser();
    const ferry::tools::ParsedArgs args = parser.parse(argc, argv);
    if (args.help_requested()) {
      std::cout << parser.usage();
      return 0;
    }
    return ferry::tools::run(ferry::tools::soak_options_from(args), paths);
  });
}
