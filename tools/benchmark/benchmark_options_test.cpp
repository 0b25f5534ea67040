#include "benchmark_options.hpp"
#include "ferry/testing/error_of.hpp"

#include <gtest/gtest.h>

namespace ferry::tools {
namespace {

BenchmarkOptions parse(const std::vector<std::string>& args) {
  return benchmark_options_from(benchmark_arg_parser().parse(args));
}

std::string error_of(const std::vector<std::string>& args) {
  return ::ferry::testing::error_of<UsageError>([&] { parse(args); });
}

TEST(BenchmarkOptions, Defaults) {
  const BenchmarkOptions options = parse({"-m", "model.xml"});
  EXPECT_EQ(options.model, "model.xml");
  EXPECT_EQ(options.device, "");
  EXPECT_EQ(options.api, BenchmarkOptions::Api::ASYNC);
  EXPECT_EQ(options.hint, "THROUGHPUT");
  EXPECT_EQ(options.nireq, 0u);
  EXPECT_EQ(options.niter, 0u);
  EXPECT_DOUBLE_EQ(options.time_s, kDefaultDurationS);
  EXPECT_TRUE(options.shapes.empty());
  EXPECT_FALSE(options.perf_counts);
}

TEST(BenchmarkOptions, EveryFlag) {
  const BenchmarkOptions options =
      parse({"-m",
             "a.xml",
             "-d",
             "TEMPLATE",
             "-api",
             "async",
             "-nireq",
             "4",
             "-niter",
             "100",
             "-t",
             "2",
             "-hint",
             "none",
             "-nstreams",
             "2",
             "-infer_precision",
             "bf16",
             "-nthreads",
             "1",
             "-pin",
             "YES",
             "-properties",
             "MODEL_DISTRIBUTION_POLICY=PIPELINE_PARALLEL;HETERO_MEMORY_BUDGET=GPU.0:5,GPU.1:6",
             "-shape",
             "x[1,16]",
             "-report_json",
             "r.json",
             "-pc",
             "--plugins_xml=p.xml",
             "-progress"});
  EXPECT_EQ(options.device, "TEMPLATE");
  EXPECT_EQ(options.nireq, 4u);
  EXPECT_EQ(options.niter, 100u);
  EXPECT_DOUBLE_EQ(options.time_s, 2.0);
  EXPECT_EQ(options.hint, "");
  EXPECT_EQ(options.nstreams, "2");
  EXPECT_EQ(options.infer_precision, "bf16");
  EXPECT_EQ(options.nthreads, 1);
  EXPECT_EQ(options.pin, "YES");
  ASSERT_EQ(options.properties.size(), 2u);
  EXPECT_EQ(options.properties[0],
            std::make_pair(std::string("MODEL_DISTRIBUTION_POLICY"), std::string("PIPELINE_PARALLEL")));
  EXPECT_EQ(options.properties[1], std::make_pair(std::string("HETERO_MEMORY_BUDGET"), std::string("GPU.0:5,GPU.1:6")));
  ASSERT_EQ(options.shapes.size(), 1u);
  EXPECT_EQ(options.shapes[0].input_name, "x");
  EXPECT_EQ(options.report_json, "r.json");
  EXPECT_TRUE(options.perf_counts);
  EXPECT_EQ(options.plugins_xml, "p.xml");
  EXPECT_TRUE(options.progress);
}

TEST(BenchmarkOptions, SyncDefaultsToLatencyAndNiterAloneHasNoTimeLimit) {
  const BenchmarkOptions options = parse({"-m", "a.xml", "-api", "sync", "-niter", "5"});
  EXPECT_EQ(options.api, BenchmarkOptions::Api::SYNC);
  EXPECT_EQ(options.hint, "LATENCY");
  EXPECT_EQ(options.niter, 5u);
  EXPECT_EQ(options.time_s, 0.0);
}

TEST(BenchmarkOptions, HintsAndStreams) {
  EXPECT_EQ(parse({"-m", "a", "-hint", "throughput", "-api", "sync"}).hint, "THROUGHPUT");
  EXPECT_EQ(parse({"-m", "a", "-hint", "cumulative_throughput"}).hint, "CUMULATIVE_THROUGHPUT");
  EXPECT_EQ(parse({"-m", "a", "-nstreams", "AUTO"}).nstreams, "AUTO");
}

TEST(BenchmarkOptions, ErrorsNameTheFlag) {
  EXPECT_EQ(error_of({}).rfind("-m: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-api", "fast"}).rfind("-api: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-nireq", "0"}).rfind("-nireq: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-infer_precision", "f64"}).rfind("-infer_precision: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-pin", "maybe"}).rfind("-pin: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-properties", "A=1;B"}), "-properties: 'B' is not KEY=VALUE");
  EXPECT_EQ(error_of({"-m", "a", "-properties", "=1"}).rfind("-properties: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-api", "sync", "-nireq", "2"}).rfind("-nireq: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-niter", "-3"}).rfind("-niter: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-t", "soon"}).rfind("-t: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-hint", "fastest"}).rfind("-hint: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-nstreams", "many"}).rfind("-nstreams: ", 0), 0u);
  EXPECT_EQ(error_of({"-m", "a", "-shape", "1,2"}).rfind("-shape: ", 0), 0u);
  EXPECT_NE(error_of({"-m", "a", "-batch", "2"}).find("'-batch'"), std::string::npos);
  EXPECT_NE(error_of({"-m", "a", "-pc=yes"}).find("-pc: takes no value"), std::string::npos);
}

}  // namespace
}  // namespace ferry::tools
