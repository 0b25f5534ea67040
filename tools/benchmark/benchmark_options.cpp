#include "benchmark_options.hpp"

#include <limits>
#include <sstream>

namespace ferry::tools {

ArgParser benchmark_arg_parser() {
  ArgParser parser("benchmark_app", "Measures a model's inference latency and throughput on a device.");
  parser.add_option("m", "MODEL", "model to run (.xml IR with its .bin); required")
      .add_option("d", "DEVICE", "device (TEMPLATE, GPU.1, MULTI:...); default: what the Core picks")
      .add_option("api", "sync|async", "inference API (default async)")
      .add_option("nireq", "N", "infer requests in flight with -api async (default: the device's optimum)")
      .add_option("niter", "N", "number of inferences to run")
      .add_option("t", "SECONDS", "run time limit (default 10 s when -niter is not given either)")
      .add_option("hint", "latency|throughput|cumulative_throughput|none",
                  "PERFORMANCE_HINT (default: latency for sync, throughput for async)")
      .add_option("nstreams", "N|AUTO", "NUM_STREAMS")
      .add_option("infer_precision", "f32|bf16|f16", "INFERENCE_PRECISION_HINT (default: the device's)")
      .add_option("nthreads", "N", "INFERENCE_NUM_THREADS (CPU)")
      .add_option("pin", "YES|NO", "ENABLE_CPU_PINNING (CPU)")
      .add_option("properties", "K=V;K=V",
                  "other compile_model properties as text, e.g. \"MODEL_DISTRIBUTION_POLICY=PIPELINE_PARALLEL\"")
      .add_option("shape", "SHAPES", "reshape before compiling: \"[1,3,224,224]\" or \"input[1,3,224,224],...\"")
      .add_option("report_json", "PATH", "also write the results as JSON")
      .add_switch("pc", "report per-operation profiling counts (PERF_COUNT)")
      .add_option("plugins_xml", "PATH", "plugins.xml to read (default: next to libferry.so, or $FERRY_PLUGINS_XML)")
      .add_switch("progress", "show the progress line even when stderr is not a terminal");
  return parser;
}

BenchmarkOptions benchmark_options_from(const ParsedArgs& args) {
  BenchmarkOptions options;
  if (!args.has("m")) throw UsageError("-m: the model is required (e.g. -m model.xml)");
  options.model = args.get("m");
  options.device = args.get("d");
  options.api = args.get_choice("api", {"sync", "async"}, "async") == "sync" ? BenchmarkOptions::Api::SYNC
                                                                             : BenchmarkOptions::Api::ASYNC;
  options.nireq = static_cast<uint32_t>(args.get_int("nireq", 0, 1, 1024));
  if (options.api == BenchmarkOptions::Api::SYNC && options.nireq > 1)
    throw UsageError(args.spelling("nireq") + ": -api sync runs one request; use -api async for " +
                     std::to_string(options.nireq));
  options.niter = static_cast<uint64_t>(args.get_int("niter", 0, 1, std::numeric_limits<int64_t>::max()));
  options.time_s = args.get_positive_double("t", 0);
  if (!args.has("niter") && !args.has("t")) options.time_s = kDefaultDurationS;

  const std::string default_hint = options.api == BenchmarkOptions::Api::SYNC ? "latency" : "throughput";
  const std::string hint =
      args.get_choice("hint", {"latency", "throughput", "cumulative_throughput", "none"}, default_hint);
  if (hint == "latency") options.hint = "LATENCY";
  if (hint == "throughput") options.hint = "THROUGHPUT";
  if (hint == "cumulative_throughput") options.hint = "CUMULATIVE_THROUGHPUT";

  if (args.has("nstreams")) {
    const std::string text = args.get("nstreams");
    if (text == "AUTO" || text == "auto") {
      options.nstreams = "AUTO";
    } else {
      options.nstreams = std::to_string(args.get_int("nstreams", 0, 1, 1024));
    }
  }
  if (args.has("infer_precision"))
    options.infer_precision = args.get_choice("infer_precision", {"f32", "bf16", "f16"}, "");
  options.nthreads = static_cast<int32_t>(args.get_int("nthreads", 0, 1, 4096));
  if (args.has("pin")) options.pin = args.get_choice("pin", {"YES", "NO"}, "");
  if (args.has("properties")) {
    std::stringstream entries(args.get("properties"));
    for (std::string entry; std::getline(entries, entry, ';');) {
      const size_t equals = entry.find('=');
      if (equals == 0 || equals == std::string::npos || equals + 1 == entry.size())
        throw UsageError(args.spelling("properties") + ": '" + entry + "' is not KEY=VALUE");
      options.properties.emplace_back(entry.substr(0, equals), entry.substr(equals + 1));
    }
  }
  if (args.has("shape")) options.shapes = parse_shape_option(args.get("shape"));
  options.report_json = args.get("report_json");
  options.perf_counts = args.has("pc");
  options.plugins_xml = args.get("plugins_xml");
  options.progress = args.has("progress");
  return options;
}

}  // namespace ferry::tools
