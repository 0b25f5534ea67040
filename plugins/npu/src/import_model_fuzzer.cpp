// Fuzz target for NPU's compiled-model import, on the simulated NPU behind the real Level Zero
// loader. Input: an NPU export blob (the SDK's export container "FERRYNPL" whose fields hold the
// driver's native graph blob), given to Core::import_model as is and once more with its checksum
// recomputed. Any input must either import or throw ferry::Exception: crashes, hangs, leaks and
// out-of-bounds reads are bugs. A blob that imports is run once on zeros.
#include <limits.h>
#include <stdlib.h>

#include <cstddef>
#include <cstdint>

#include "testing/fuzz/import_model_fuzz.hpp"

namespace {

// The loader reads ZE_ENABLE_ALT_DRIVERS once, at the plugin's zeInit, and wants an absolute
// path. FERRY_NPU_SIMULATOR (the test's env) names the simulator; under `bazel run` (libFuzzer),
// where no env is set, the runfiles path relative to the working directory does.
void point_loader_at_simulator() {
  const char* named = getenv("FERRY_NPU_SIMULATOR");
  const char* library = named ? named : "plugins/npu/simulator/libze_ferry_npu_simulator.so";
  char absolute[PATH_MAX];
  if (!getenv("ZE_ENABLE_ALT_DRIVERS") && realpath(library, absolute)) setenv("ZE_ENABLE_ALT_DRIVERS", absolute, 1);
  // LeakSanitizer crashes scanning the TLS of OpenMP threads of a dlopen'ed library
  // (simulator/defs.bzl): one engine thread.
  setenv("OMP_NUM_THREADS", "1", 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool pointed = (point_loader_at_simulator(), true);
  (void)pointed;
  ferry::fuzz::import_and_run("NPU", data, size);
  return 0;
}
