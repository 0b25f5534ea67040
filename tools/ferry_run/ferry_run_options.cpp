#include "ferry_run_options.hpp"

#include <cstdint>

namespace ferry::tools {

ArgParser ferry_run_arg_parser() {
  ArgParser parser("ferry_run",
                   "Lists the devices, compiles a model for the best one (or --device), runs it on seeded\n"
                   "random input and prints every output and the latency.");
  parser
      .add_option("model", "PATH",
                  "model to run: an .xml IR (with its .bin) or .onnx file, or 'resnet50' (the default: ResNet-50\n"
                  "made in memory with seeded random weights) or 'cnn' (the repository's small CNN)")
      .add_option("device", "NAME", "device to run on (default: AUTO's pick: GPU, else CPU, else the first device)")
      .add_option("plugins_xml", "PATH", "plugins.xml to read (default: next to libferry.so, or $FERRY_PLUGINS_XML)")
      .add_option("shape", "SHAPES", "reshape before compiling: \"[1,3,224,224]\" or \"input[1,3,224,224],...\"")
      .add_option("seed", "N", "seed of the random input data (default 1)")
      .add_option("runs", "N", "timed inferences after the first one (default 20)")
      .add_switch("version", "print the core library's version and exit");
  return parser;
}

FerryRunOptions ferry_run_options_from(const ParsedArgs& args) {
  FerryRunOptions options;
  if (args.has("model")) options.model = args.get("model");
  options.device = args.get("device");
  options.plugins_xml = args.get("plugins_xml");
  if (args.has("shape")) options.shapes = parse_shape_option(args.get("shape"), args.spelling("shape"));
  options.seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, INT64_MAX));
  options.runs = static_cast<uint32_t>(args.get_int("runs", 20, 1, 1000000));
  options.version = args.has("version");
  return options;
}

}  // namespace ferry::tools
