#pragma once

// ferry_run's command line: which model, which device, how many timed runs.

#include <cstdint>
#include <string>
#include <vector>

#include "arg_parser.hpp"
#include "shape_option.hpp"

namespace ferry::tools {

struct FerryRunOptions {
  std::string model;        // empty: the repository's small CNN (testing/models/openvino/cnn.xml)
  std::string device;       // empty: the device Core::compile_model picks by itself
  std::string plugins_xml;  // empty: the Core's default search
  std::vector<ShapeSpec> shapes;
  uint64_t seed = 1;   // of the random input data
  uint32_t runs = 20;  // timed inferences after the first one
  bool version = false;
};

ArgParser ferry_run_arg_parser();
// UsageError names the flag at fault.
FerryRunOptions ferry_run_options_from(const ParsedArgs& args);

}  // namespace ferry::tools
