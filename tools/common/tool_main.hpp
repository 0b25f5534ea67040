#pragma once

// The shell of every tool's main(): usage errors exit with status 2 and a pointer to -h, other
// errors with status 1; both print one line on stderr naming the tool. Under `bazel run` the body
// runs in the directory the command was typed in ($BUILD_WORKING_DIRECTORY).

#include <functional>

namespace ferry::tools {

int run_tool(const char* program, const std::function<int()>& body);

}  // namespace ferry::tools
