#pragma once

// ferry_run's command line: which model, which device, how many timed runs.

#include <cstdint>
#include <string>
#include <vector>

#include "arg_parser.hpp"
#include "shape_option.hpp"

namespace ferry::tools {

// --model's names for the models the repository makes or ships (any other value is a path).
inline constexpr const char* kResNet50 = "resnet50";   // made in memory: tools/common/resnet50.hpp
inline constexpr const char* kShippedCnnName = "cnn";  // testing/models/openvino/cnn.xml

struct FerryRunOptions {
  std::string model = kResNet50;  // kResNet50, kShippedCnnName or a path
  std::string device;             // empty: the device Core::compile_model picks by itself
  std::string plugins_xml;        // empty: the Core's default search
  std::vector<ShapeSpec> shapes;
  uint64_t seed = 1;   // of the random input data
  uint32_t runs = 20;  // timed inferences after the first one
  bool version = false;
};

ArgParser ferry_run_arg_parser();
// UsageError names the flag at fault.
FerryRunOptions ferry_run_options_from(const ParsedArgs& args);

}  // namespace ferry::tools
