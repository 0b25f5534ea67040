#include "soak_options.hpp"

#include <limits>
#include <sstream>

namespace ferry::tools {
namespace {

std::vector<std::string> comma_list(const ParsedArgs& args, const std::string& flag) {
  std::vector<std::string> items;
  std::istringstream text(args.get(flag));
  std::string item;
  while (std::getline(text, item, ','))
    if (!item.empty()) items.push_back(item);
  if (items.empty()) throw UsageError(args.spelling(flag) + ": expected a comma-separated list, got ''");
  return items;
}

double positive(const ParsedArgs& args, const std::string& flag, double fallback) {
  if (!args.has(flag)) return fallback;
  return args.get_positive_double(flag, fallback);
}

}  // namespace

ArgParser soak_arg_parser() {
  ArgParser parser("soak",
                   "Runs many inferences of the shipped models over several threads and devices, creating and "
                   "destroying requests; fails on any wrong output, on RSS growth beyond a bound or on any "
                   "descriptor growth after warm-up.");
  parser.add_option("inferences", "N", "inferences in all, warm-up included (default 1000000)")
      .add_option("threads", "N", "threads running requests (default 8)")
      .add_option("devices", "LIST", "devices, e.g. TEMPLATE,GPU,NPU (default: those three, missing ones skipped)")
      .add_option("models", "LIST", "shipped models to run on every device (default: each device's own list)")
      .add_option("rounds", "N", "quiet samples of RSS and descriptors after warm-up (default 10)")
      .add_option("warmup_percent", "P", "share of --inferences run before the baseline sample (default 10)")
      .add_option("rss_growth_mib", "MIB", "RSS growth allowed after warm-up, in MiB (default 16)")
      .add_option("rss_growth_percent", "P", "RSS growth allowed after warm-up, in percent (default 10)")
      .add_option("atol", "X", "absolute tolerance of f32 outputs (default 1e-4)")
      .add_option("rtol", "X", "relative tolerance of f32 outputs (default 1e-4)")
      .add_option("inject", "none|leak|fd_leak|wrong_output", "plant a fault to prove the checks fire")
      .add_option("report", "FILE", "also write the results as JSON")
      .add_option("models_dir", "DIR", "where NAME.xml and NAME.io.txt are (default: the shipped models)")
      .add_option("plugins_xml", "PATH", "plugins.xml to read (default: next to libferry.so, or $FERRY_PLUGINS_XML)");
  return parser;
}

SoakOptions soak_options_from(const ParsedArgs& args) {
  SoakOptions options;
  options.inferences =
      static_cast<uint64_t>(args.get_int("inferences", options.inferences, 1, std::numeric_limits<int64_t>::max()));
  options.threads = static_cast<uint32_t>(args.get_int("threads", options.threads, 1, 256));
  options.devices_named = args.has("devices");
  options.devices = options.devices_named ? comma_list(args, "devices") : kDefaultDevices;
  if (args.has("models")) options.models = comma_list(args, "models");
  options.rounds = static_cast<uint32_t>(args.get_int("rounds", options.rounds, 1, 10000));
  options.warm_up_percent = static_cast<uint32_t>(args.get_int("warmup_percent", options.warm_up_percent, 1, 90));
  options.bounds.rss_growth_mib = positive(args, "rss_growth_mib", options.bounds.rss_growth_mib);
  options.bounds.rss_growth_percent = positive(args, "rss_growth_percent", options.bounds.rss_growth_percent);
  options.tolerance.absolute = positive(args, "atol", options.tolerance.absolute);
  options.tolerance.relative = positive(args, "rtol", options.tolerance.relative);
  const std::string injection = args.get_choice("inject", {"none", "leak", "fd_leak", "wrong_output"}, "none");
  if (injection == "leak") options.injection = Injection::LEAK;
  if (injection == "fd_leak") options.injection = Injection::FD_LEAK;
  if (injection == "wrong_output") options.injection = Injection::WRONG_OUTPUT;
  options.report = args.get("report");
  options.models_dir = args.get("models_dir");
  options.plugins_xml = args.get("plugins_xml");
  const uint64_t warm_up = options.inferences * options.warm_up_percent / 100;
  if (warm_up == 0 || options.inferences - warm_up < options.rounds)
    throw UsageError(args.spelling("inferences") + ": " + std::to_string(options.inferences) +
                     " leaves no warm-up or fewer inferences than --rounds after it");
  return options;
}

}  // namespace ferry::tools
