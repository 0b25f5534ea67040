#pragma once

// soak's command line.

#include <cstdint>
#include <string>
#include <vector>

#include "arg_parser.hpp"
#include "output_check.hpp"
#include "resource_verdict.hpp"

namespace ferry::tools {

// A fault the soak plants in itself, so that a test can prove each check fails the run.
enum class Injection { NONE, LEAK, FD_LEAK, WRONG_OUTPUT };

struct SoakOptions {
  uint64_t inferences = 1000000;
  uint32_t threads = 8;
  std::vector<std::string> devices;  // as given, or kDefaultDevices
  bool devices_named = false;        // --devices given: a device that is missing fails the run
  std::vector<std::string> models;   // empty: each device's default models
  uint32_t rounds = 10;              // quiet samples after warm-up
  uint32_t warm_up_percent = 10;     // of --inferences, run before the baseline sample
  ResourceBounds bounds;
  Tolerance tolerance;
  Injection injection = Injection::NONE;
  std::string report;       // empty: no report file
  std::string models_dir;   // empty: the shipped models in the runfiles
  std::string plugins_xml;  // empty: the Core's default search
};

inline const std::vector<std::string> kDefaultDevices = {"TEMPLATE", "GPU", "NPU"};

ArgParser soak_arg_parser();

// Validates the flags; UsageError names the flag at fault.
SoakOptions soak_options_from(const ParsedArgs& args);

}  // namespace ferry::tools
