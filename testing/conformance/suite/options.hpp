#pragma once

// What the conformance suite runs against: a device name, how to find its plugin, and the
// properties to apply to the device before each test. Parsed from the command line (and
// environment) by the suite's main() before GoogleTest sees the arguments.

#include <string>
#include <vector>

#include "device_flags.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/value/any.hpp"

namespace ferry::conformance {

struct Options {
  // The device under test, from --device (or $FERRY_CONFORMANCE_DEVICE), --plugin (or
  // $FERRY_CONFORMANCE_PLUGIN) and --device_name by device_flags.hpp's rule.
  std::string device = kDefaultDevice;
  std::string plugin;       // --plugin=LIB: register this library as `device_name`
  std::string device_name;  // the name LIB is registered as (== device), "" without --plugin
  std::string plugins_xml;  // --plugins_xml=PATH: the Core reads this file
  AnyMap config;            // --config KEY=VALUE (repeatable): set on the device, as text
  std::string onnx_data;    // --onnx_data=DIR: ONNX's node test cases for OnnxReference ("": the default)
  // --batch_one_models: every model the suite compiles for the device has batch 1 on dim 0 of
  // its inputs and outputs (fixtures.hpp's model_batch), for devices that take only such models
  // (BATCH, automatic batching). Without it each test uses its own batch (2, 3, ...).
  bool batch_one_models = false;
};

// Where the OnnxReference category reads ONNX's node test cases when --onnx_data is not given
// (Debian's libonnx-testdata). Missing there, its cases are skipped; missing under an explicit
// --onnx_data, they fail.
inline constexpr const char* kDefaultOnnxData = "/usr/share/libonnx-testdata/data/node";

// --onnx_data, else kDefaultOnnxData.
std::string onnx_data_dir();

// The options of this process (defaults until parse_options runs).
Options& options();

// Removes the suite's own flags from argv (leaving GoogleTest's) and stores them in options().
// Throws ferry::Exception naming a malformed flag or a combination device_flags.hpp refuses.
void parse_options(int& argc, char** argv);

// One line describing the options, printed at start so logs say what was tested.
std::string describe_options();

// A Core that knows the device under test, with --config applied to it.
Core make_core();

}  // namespace ferry::conformance
