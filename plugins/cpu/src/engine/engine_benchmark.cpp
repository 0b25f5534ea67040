// Times the engine on an IR model: compilation, then latency at the given batch.
//   engine_benchmark MODEL.xml [BATCH=1] [ITERATIONS=20] [--profile]
// Prints one line of JSON: {"model", "batch", "compile_ms", "latency_ms" (median), "fps",
// "executions" (per plan: "2 threads", "1 threads")};
// --profile adds, on stderr, each op type's and exec type's share of the last execution.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODEL.xml [BATCH=1] [ITERATIONS=20]\n", argv[0]);
    return 2;
  }
  const std::string path = argv[1];
  const long batch = argc > 2 ? std::atol(argv[2]) : 1;
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 20;
  const bool profile = argc > 4 && std::string(argv[4]) == "--profile";
  try {
    auto model = ferry::read_ir(path);
    if (batch != 1) {
      ferry::PartialShape shape = model->get_parameters().at(0)->get_partial_shape();
      shape[0] = batch;
      model->reshape(shape);
    }
    const auto compile_start = Clock::now();
    ferry::cpu::engine::CompiledGraph graph(model);
    const double compile_ms = ms_since(compile_start);

    std::vector<std::vector<float>> memory;
    std::mt19937 random(1);
    std::uniform_real_distribution<float> values(-1.f, 1.f);
    for (const auto& parameter : model->get_parameters()) {
      memory.emplace_back(ferry::shape_size(parameter->get_output_shape(0)));
      for (float& value : memory.back()) value = values(random);
    }
    for (const auto& result : model->get_results()) memory.emplace_back(ferry::shape_size(result->get_input_shape(0)));
    std::vector<void*> arguments;
    for (auto& each : memory) arguments.push_back(each.data());

    graph.run(arguments);  // warm-up
    std::vector<double> times;
    for (int i = 0; i < iterations; ++i) {
      const auto start = Clock::now();
      graph.run(arguments);
      times.push_back(ms_since(start));
    }
    if (profile) {
      std::vector<ferry::cpu::engine::OpProfile> steps;
      graph.run(arguments, &steps);
      std::map<std::string, std::pair<int, double>> by_kind;  // "type exec_type" -> (steps, ms)
      for (const auto& step : steps) {
        auto& entry = by_kind[step.type + " " + step.exec_type];
        entry.first += 1;
        entry.second += step.ns / 1e6;
      }
      for (const auto& [kind, entry] : by_kind)
        std::fprintf(stderr, "%-48s %4d steps %9.3f ms\n", kind.c_str(), entry.first, entry.second);
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    // Which plans (OpenMP thread counts) the executions ran.
    std::string plans;
    const auto threads = graph.plan_threads();
    const auto executions = graph.executions_per_plan();
    for (size_t i = 0; i < threads.size(); ++i)
      plans += (plans.empty() ? "" : ", ") + std::string("\"") + std::to_string(threads[i]) +
               " threads\": " + std::to_string(executions[i]);
    std::printf(
        "{\"model\": \"%s\", \"batch\": %ld, \"compile_ms\": %.1f, \"latency_ms\": %.2f, \"fps\": %.1f, "
        "\"executions\": {%s}}\n",
        path.c_str(), batch, compile_ms, median, 1000.0 * batch / median, plans.c_str());
  } catch (const std::exception& error) {
    std::fprintf(stderr, "engine_benchmark: %s\n", error.what());
    return 1;
  }
  return 0;
}
