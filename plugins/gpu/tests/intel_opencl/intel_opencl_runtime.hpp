#pragma once

// Tests linked with :intel_opencl_runtime run the GPU plugin on Intel's OpenCL CPU runtime
// (installed by tools/setup_intel_opencl.sh) instead of the machine's OpenCL drivers: before
// main, OCL_ICD_VENDORS is pointed at an ICD file in TEST_TMPDIR naming its libintelocl.so.

#include <string>

namespace ferry::gpu::test {

// Where the runtime is expected: $FERRY_INTEL_OPENCL_DIR, else the setup script's default.
std::string intel_opencl_runtime_dir();
// The library the ICD file names (<dir>/lib/libintelocl.so).
std::string intel_opencl_runtime_library();

}  // namespace ferry::gpu::test
