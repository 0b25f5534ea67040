#pragma once

// benchmark_app's command line, with OpenVINO benchmark_app's flag names.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "arg_parser.hpp"
#include "shape_option.hpp"

namespace ferry::tools {

struct BenchmarkOptions {
  enum class Api { SYNC, ASYNC };

  std::string model;
  std::string device;  // empty: the device Core::compile_model picks by itself
  Api api = Api::ASYNC;
  uint32_t nireq = 0;           // 0: the compiled model's OPTIMAL_NUMBER_OF_INFER_REQUESTS
  uint64_t niter = 0;           // 0: no iteration limit
  double time_s = 0;            // 0: no time limit
  std::string hint;             // PERFORMANCE_HINT value; empty: none set
  std::string nstreams;         // NUM_STREAMS value ("2", "AUTO"); empty: none set
  std::string infer_precision;  // INFERENCE_PRECISION_HINT value ("f32", "bf16"); empty: none set
  int32_t nthreads = 0;         // INFERENCE_NUM_THREADS; 0: none set
  std::string pin;              // ENABLE_CPU_PINNING: "YES", "NO"; empty: none set
  // -properties "KEY=VALUE;KEY=VALUE": any other property, as text, for compile_model.
  std::vector<std::pair<std::string, std::string>> properties;
  std::vector<ShapeSpec> shapes;
  std::string report_json;  // empty: no JSON report
  bool perf_counts = false;
  std::string plugins_xml;  // empty: the Core's default search
  bool progress = false;    // force the progress line even when stderr is not a terminal
};

// Without -niter and -t a run lasts this long.
inline constexpr double kDefaultDurationS = 10.0;

ArgParser benchmark_arg_parser();

// Validates the flags; UsageError names the flag at fault. Defaults: -hint latency for -api
// sync and throughput for -api async; -t kDefaultDurationS when neither -niter nor -t is given.
BenchmarkOptions benchmark_options_from(const ParsedArgs& args);

}  // namespace ferry::tools
