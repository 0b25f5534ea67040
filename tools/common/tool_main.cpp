#include "tool_main.hpp"

#include <unistd.h>

#include <cstdlib>
#include <exception>
#include <iostream>

#include "arg_parser.hpp"

namespace ferry::tools {

int run_tool(const char* program, const std::function<int()>& body) {
  try {
    // Under `bazel run` the process starts in its runfiles; paths on the command line are meant
    // relative to where the user typed the command.
    if (const char* directory = std::getenv("BUILD_WORKING_DIRECTORY"); directory && *directory) {
      if (chdir(directory) != 0) std::cerr << program << ": warning: cannot enter " << directory << "\n";
    }
    return body();
  } catch (const UsageError& e) {
    std::cerr << program << ": " << e.what() << "\nRun '" << program << " -h' for the flags.\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace ferry::tools
