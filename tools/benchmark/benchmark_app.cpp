// benchmark_app: measures a model's inference latency and throughput on a device, with OpenVINO
// benchmark_app's flags (see docs/TOOLS.md).

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include "benchmark_loop.hpp"
#include "benchmark_options.hpp"
#include "benchmark_report.hpp"
#include "ferry/ferry.hpp"
#include "model_inputs.hpp"
#include "random_fill.hpp"
#include "tool_main.hpp"

namespace ferry::tools {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

AnyMap compile_properties(const BenchmarkOptions& options) {
  AnyMap properties;
  if (!options.hint.empty()) properties[hint::performance_mode.name()] = options.hint;
  if (!options.nstreams.empty()) properties[num_streams.name()] = options.nstreams;
  if (!options.infer_precision.empty()) properties[hint::inference_precision.name()] = options.infer_precision;
  if (options.nthreads > 0) properties[inference_num_threads.name()] = options.nthreads;
  if (!options.pin.empty()) properties[hint::enable_cpu_pinning.name()] = options.pin == "YES";
  if (options.perf_counts) properties[enable_profiling.name()] = true;
  for (const auto& [key, value] : options.properties) properties[key] = value;
  return properties;
}

// A property of the compiled model as text, or `fallback` when the device does not report it.
std::string compiled_property(const CompiledModel& compiled, const std::string& name, const std::string& fallback) {
  try {
    return compiled.get_property(name).as<std::string>();
  } catch (const std::exception&) {
    return fallback;
  }
}

uint32_t request_count(const BenchmarkOptions& options, const CompiledModel& compiled) {
  if (options.api == BenchmarkOptions::Api::SYNC) return 1;
  if (options.nireq > 0) return options.nireq;
  try {
    return std::max(1u, compiled.get_property(optimal_number_of_infer_requests));
  } catch (const std::exception&) {
    return 1;
  }
}

int run(int argc, char** argv) {
  const ArgParser parser = benchmark_arg_parser();
  const ParsedArgs args = parser.parse(argc, argv);
  if (args.help_requested()) {
    std::cout << parser.usage();
    return 0;
  }
  const BenchmarkOptions options = benchmark_options_from(args);

  Core core(options.plugins_xml);
  const std::shared_ptr<Model> model = core.read_model(options.model);
  if (!options.shapes.empty()) apply_input_shapes(*model, options.shapes, "-shape");
  require_static_inputs(*model, "-shape");

  const AnyMap properties = compile_properties(options);
  const Clock::time_point compile_start = Clock::now();
  CompiledModel compiled = options.device.empty() ? core.compile_model(model, properties)
                                                  : core.compile_model(model, options.device, properties);
  BenchmarkResult result;
  result.compile_ms = ms_since(compile_start);
  result.model = options.model;
  result.device = options.device.empty() ? compiled_property(compiled, execution_devices.name(), "(default device)")
                                         : options.device;
  result.api = options.api == BenchmarkOptions::Api::SYNC ? "sync" : "async";
  result.hint = options.hint;
  result.nstreams = compiled_property(compiled, num_streams.name(), "");
  result.nireq = request_count(options, compiled);

  std::vector<InferRequest> requests;
  for (uint32_t r = 0; r < result.nireq; ++r) {
    requests.push_back(compiled.create_infer_request());
    for (size_t i = 0; i < compiled.inputs().size(); ++i) fill_random(requests.back().get_input_tensor(i), i);
  }
  const Clock::time_point warm_up_start = Clock::now();
  requests.front().infer();  // warm-up: first-run costs (lazy allocation, caches) stay out of the statistics
  result.first_inference_ms = ms_since(warm_up_start);

  ProgressLine progress(std::cerr, options.progress || isatty(STDERR_FILENO));
  const StopCondition stop{options.niter, options.time_s};
  const RunMeasurements measured = options.api == BenchmarkOptions::Api::SYNC
                                       ? run_sync(requests.front(), stop, progress)
                                       : run_async(requests, stop, progress);
  result.duration_ms = measured.duration_ms;
  result.latency = compute_latency_stats(measured.latencies_ms);
  // FPS counts frames, as OpenVINO's benchmark_app does: an inference of a batch-8 model is 8.
  const Shape& first_input = compiled.input(0).get_shape();
  result.batch = first_input.empty() ? 1 : std::max<uint64_t>(1, first_input[0]);
  result.throughput_fps = throughput_fps(result.latency.count * result.batch, result.duration_ms);
  if (options.perf_counts) result.profiling = requests.front().get_profiling_info();

  print_report(std::cout, result);
  if (options.perf_counts) print_profiling(std::cout, result.profiling);
  if (!options.report_json.empty()) {
    std::ofstream json(options.report_json);
    FERRY_ASSERT(json, "-report_json: cannot write '", options.report_json, "'");
    write_json(json, result);
    FERRY_ASSERT(json.good(), "-report_json: writing '", options.report_json, "' failed");
    std::cout << "JSON report: " << options.report_json << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace ferry::tools

int main(int argc, char** argv) {
  return ferry::tools::run_tool("benchmark_app", [&] { return ferry::tools::run(argc, argv); });
}
