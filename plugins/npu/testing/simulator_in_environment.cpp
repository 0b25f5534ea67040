// Linked into a test, this points the Level Zero loader at Ferry's simulated NPU before main: the
// loader reads ZE_ENABLE_ALT_DRIVERS once, at the first zeInit (the NPU plugin's), and wants an
// absolute path, while Bazel gives the driver's runfiles path in FERRY_NPU_SIMULATOR.

#include <limits.h>
#include <stdlib.h>

namespace {

const bool g_simulator_in_environment = [] {
  char absolute[PATH_MAX];
  const char* library = getenv("FERRY_NPU_SIMULATOR");
  if (library && realpath(library, absolute)) setenv("ZE_ENABLE_ALT_DRIVERS", absolute, 1);
  return true;
}();

}  // namespace
