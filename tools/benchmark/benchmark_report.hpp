#pragma once

// What benchmark_app measured, printed for people and written as JSON for scripts.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "ferry/value/profiling_info.hpp"
#include "latency_stats.hpp"

namespace ferry::tools {

struct BenchmarkResult {
  std::string model;
  std::string device;
  std::string api;  // "sync" or "async"
  uint32_t nireq = 1;
  std::string hint;      // empty when none was set
  std::string nstreams;  // the compiled model's NUM_STREAMS, empty when unknown
  double compile_ms = 0;
  double first_inference_ms = 0;
  double duration_ms = 0;                // of the measured run (after the warm-up inference)
  LatencyStats latency;                  // latency.count is the number of measured inferences
  uint64_t batch = 1;                    // frames per inference: dim 0 of the compiled model's first input
  double throughput_fps = 0;             // frames per second: batch x inferences / duration, as OpenVINO's
  std::vector<ProfilingInfo> profiling;  // of the last inference of request 0, with -pc
};

// Throughput of `count` frames in `duration_ms` (0 when the duration is 0).
double throughput_fps(uint64_t count, double duration_ms);

void print_report(std::ostream& out, const BenchmarkResult& result);
// Per-operation table of -pc: name, status, type, exec type, real and CPU time, and the totals.
void print_profiling(std::ostream& out, const std::vector<ProfilingInfo>& profiling);
// One JSON object; latencies in milliseconds. "profiling" is present only when it is non-empty.
void write_json(std::ostream& out, const BenchmarkResult& result);

// A JSON string literal (quotes included) of `text`.
std::string json_string(const std::string& text);

}  // namespace ferry::tools
