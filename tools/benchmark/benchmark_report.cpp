#include "benchmark_report.hpp"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <sstream>

namespace ferry::tools {
namespace {

const char* status_name(ProfilingInfo::Status status) {
  switch (status) {
    case ProfilingInfo::Status::EXECUTED:
      return "EXECUTED";
    case ProfilingInfo::Status::OPTIMIZED_OUT:
      return "OPTIMIZED_OUT";
    case ProfilingInfo::Status::NOT_RUN:
      return "NOT_RUN";
  }
  return "?";
}

// Fixed notation with 3 decimals: stable, readable text for both outputs.
std::string ms(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f", value);
  return text;
}

}  // namespace

double throughput_fps(uint64_t count, double duration_ms) {
  return duration_ms > 0 ? static_cast<double>(count) * 1000.0 / duration_ms : 0.0;
}

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
          out += escaped;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

void print_report(std::ostream& out, const BenchmarkResult& result) {
  const LatencyStats& latency = result.latency;
  out << "Model:        " << result.model << "\n"
      << "Device:       " << result.device << "\n"
      << "API:          " << result.api << ", " << result.nireq << " infer request(s)"
      << (result.hint.empty() ? "" : ", hint " + result.hint)
      << (result.nstreams.empty() ? "" : ", " + result.nstreams + " stream(s)") << "\n"
      << "Compile:      " << ms(result.compile_ms) << " ms\n"
      << "First inference (warm-up): " << ms(result.first_inference_ms) << " ms\n"
      << "Count:        " << latency.count << " iterations, batch " << result.batch << "\n"
      << "Duration:     " << ms(result.duration_ms) << " ms\n"
      << "Latency:\n"
      << "    Median:   " << ms(latency.median_ms) << " ms\n"
      << "    p90:      " << ms(latency.p90_ms) << " ms\n"
      << "    p99:      " << ms(latency.p99_ms) << " ms\n"
      << "    Min:      " << ms(latency.min_ms) << " ms\n"
      << "    Max:      " << ms(latency.max_ms) << " ms\n"
      << "Throughput:   " << ms(result.throughput_fps) << " FPS\n";
}

void print_profiling(std::ostream& out, const std::vector<ProfilingInfo>& profiling) {
  size_t name_width = 4;
  for (const ProfilingInfo& info : profiling) name_width = std::max(name_width, info.node_name.size());
  out << "Performance counts (last inference of request 0):\n"
      << std::left << std::setw(static_cast<int>(name_width)) << "node"
      << "  " << std::setw(13) << "status"
      << "  " << std::setw(16) << "type"
      << "  " << std::setw(20) << "exec type"
      << "  " << std::right << std::setw(12) << "real (us)"
      << "  " << std::setw(12) << "cpu (us)"
      << "\n";
  long long real_total = 0, cpu_total = 0;
  for (const ProfilingInfo& info : profiling) {
    out << std::left << std::setw(static_cast<int>(name_width)) << info.node_name << "  " << std::setw(13)
        << status_name(info.status) << "  " << std::setw(16) << info.node_type << "  " << std::setw(20)
        << info.exec_type << "  " << std::right << std::setw(12) << info.real_time.count() << "  " << std::setw(12)
        << info.cpu_time.count() << "\n";
    real_total += info.real_time.count();
    cpu_total += info.cpu_time.count();
  }
  out << "Total: real " << real_total << " us, cpu " << cpu_total << " us\n";
}

void write_json(std::ostream& out, const BenchmarkResult& result) {
  const LatencyStats& latency = result.latency;
  out << "{\n"
      << "  \"model\": " << json_string(result.model) << ",\n"
      << "  \"device\": " << json_string(result.device) << ",\n"
      << "  \"api\": " << json_string(result.api) << ",\n"
      << "  \"nireq\": " << result.nireq << ",\n"
      << "  \"hint\": " << json_string(result.hint) << ",\n"
      << "  \"nstreams\": " << json_string(result.nstreams) << ",\n"
      << "  \"compile_ms\": " << ms(result.compile_ms) << ",\n"
      << "  \"first_inference_ms\": " << ms(result.first_inference_ms) << ",\n"
      << "  \"count\": " << latency.count << ",\n"
      << "  \"batch\": " << result.batch << ",\n"
      << "  \"duration_ms\": " << ms(result.duration_ms) << ",\n"
      << "  \"latency_ms\": {\"median\": " << ms(latency.median_ms) << ", \"p90\": " << ms(latency.p90_ms)
      << ", \"p99\": " << ms(latency.p99_ms) << ", \"min\": " << ms(latency.min_ms)
      << ", \"max\": " << ms(latency.max_ms) << ", \"mean\": " << ms(latency.mean_ms) << "},\n"
      << "  \"throughput_fps\": " << ms(result.throughput_fps);
  if (!result.profiling.empty()) {
    out << ",\n  \"profiling\": [";
    for (size_t i = 0; i < result.profiling.size(); ++i) {
      const ProfilingInfo& info = result.profiling[i];
      out << (i ? ",\n" : "\n") << "    {\"node\": " << json_string(info.node_name)
          << ", \"status\": " << json_string(status_name(info.status)) << ", \"type\": " << json_string(info.node_type)
          << ", \"exec_type\": " << json_string(info.exec_type) << ", \"real_us\": " << info.real_time.count()
          << ", \"cpu_us\": " << info.cpu_time.count() << "}";
    }
    out << "\n  ]";
  }
  out << "\n}\n";
}

}  // namespace ferry::tools
