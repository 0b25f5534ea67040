// The conformance suite's main(): reads the device under test from the command line before
// GoogleTest parses (and would reject) the suite's own flags.

#include <gtest/gtest.h>

#include <iostream>

#include "crash_report.hpp"
#include "options.hpp"

int main(int argc, char** argv) {
  try {
    ferry::conformance::parse_options(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n"
              << "usage: " << argv[0]
              << " [--device=NAME] [--plugin=LIB [--device_name=NAME]] [--plugins_xml=PATH]"
                 " [--config KEY=VALUE]... [--onnx_data=DIR] [--batch_one_models] [gtest flags]\n"
                 "  with --plugin, the device under test is LIB, registered as --device_name (or --device)\n"
                 "  --batch_one_models: compile only models with batch 1 on dim 0 (for automatic batching)\n";
    return 2;
  }
  testing::InitGoogleTest(&argc, argv);
  ferry::conformance::report_fatal_signals();
  std::cout << "[ferry conformance] " << ferry::conformance::describe_options() << std::endl;
  return RUN_ALL_TESTS();
}
