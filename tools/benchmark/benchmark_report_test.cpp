#include "benchmark_report.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace ferry::tools {
namespace {

BenchmarkResult sample_result() {
  BenchmarkResult result;
  result.model = "dir/m\"odel.xml";
  result.device = "TEMPLATE";
  result.api = "async";
  result.nireq = 2;
  result.hint = "THROUGHPUT";
  result.compile_ms = 12.5;
  result.first_inference_ms = 3;
  result.duration_ms = 1000;
  result.latency = compute_latency_stats({1, 2, 3, 4});
  result.batch = 2;  // 4 inferences of 2 frames each
  result.throughput_fps = throughput_fps(4 * result.batch, 1000);
  return result;
}

TEST(BenchmarkReport, ThroughputIsCountPerSecond) {
  EXPECT_DOUBLE_EQ(throughput_fps(50, 250), 200.0);
  EXPECT_DOUBLE_EQ(throughput_fps(5, 0), 0.0);
}

TEST(BenchmarkReport, JsonStringEscapes) { EXPECT_EQ(json_string("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\u0001\""); }

TEST(BenchmarkReport, JsonHasEveryField) {
  std::ostringstream out;
  write_json(out, sample_result());
  EXPECT_EQ(out.str(),
            "{\n"
            "  \"model\": \"dir/m\\\"odel.xml\",\n"
            "  \"device\": \"TEMPLATE\",\n"
            "  \"api\": \"async\",\n"
            "  \"nireq\": 2,\n"
            "  \"hint\": \"THROUGHPUT\",\n"
            "  \"nstreams\": \"\",\n"
            "  \"compile_ms\": 12.500,\n"
            "  \"first_inference_ms\": 3.000,\n"
            "  \"count\": 4,\n"
            "  \"batch\": 2,\n"
            "  \"duration_ms\": 1000.000,\n"
            "  \"latency_ms\": {\"median\": 2.500, \"p90\": 3.700, \"p99\": 3.970, \"min\": 1.000, \"max\": 4.000, "
            "\"mean\": 2.500},\n"
            "  \"throughput_fps\": 8.000\n"
            "}\n");
}

TEST(BenchmarkReport, JsonListsProfilingWhenPresent) {
  BenchmarkResult result = sample_result();
  ProfilingInfo info;
  info.status = ProfilingInfo::Status::EXECUTED;
  info.node_name = "relu";
  info.node_type = "Relu";
  info.exec_type = "ref_f32";
  info.real_time = std::chrono::microseconds(7);
  info.cpu_time = std::chrono::microseconds(9);
  result.profiling = {info};
  std::ostringstream out;
  write_json(out, result);
  EXPECT_NE(out.str().find("\"profiling\": [\n    {\"node\": \"relu\", \"status\": \"EXECUTED\", \"type\": \"Relu\", "
                           "\"exec_type\": \"ref_f32\", \"real_us\": 7, \"cpu_us\": 9}\n  ]"),
            std::string::npos)
      << out.str();
  std::ostringstream table;
  print_profiling(table, result.profiling);
  EXPECT_NE(table.str().find("Total: real 7 us, cpu 9 us"), std::string::npos);
}

TEST(BenchmarkReport, TextReportShowsTheStatistics) {
  std::ostringstream out;
  print_report(out, sample_result());
  for (const char* expected :
       {"Count:        4 iterations, batch 2", "Median:   2.500 ms", "p90:      3.700 ms", "p99:      3.970 ms",
        "Min:      1.000 ms", "Max:      4.000 ms", "Throughput:   8.000 FPS"})
    EXPECT_NE(out.str().find(expected), std::string::npos) << expected;
}

}  // namespace
}  // namespace ferry::tools
