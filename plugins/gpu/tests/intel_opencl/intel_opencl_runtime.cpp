#include "intel_opencl_runtime.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>

namespace ferry::gpu::test {

// Keep in step with tools/setup_intel_opencl.sh.
std::string intel_opencl_runtime_dir() {
  const char* dir = std::getenv("FERRY_INTEL_OPENCL_DIR");
  return dir && *dir ? dir : "/opt/ferry/intel-opencl-rt-2026.2.0";
}

std::string intel_opencl_runtime_library() { return intel_opencl_runtime_dir() + "/lib/libintelocl.so"; }

namespace {

// Before any OpenCL call: the ICD loader reads OCL_ICD_VENDORS once, on first use.
const bool kVendorsSet = [] {
  const char* tmp = std::getenv("TEST_TMPDIR");
  std::string vendors = "/tmp/ferry_intel_opencl_XXXXXX";  // outside Bazel: a folder of its own
  if (tmp && *tmp) {
    vendors = std::string(tmp) + "/intel_opencl_vendors";
    mkdir(vendors.c_str(), 0755);
  } else if (!mkdtemp(vendors.data())) {
    return false;
  }
  std::ofstream(vendors + "/intel-cpu.icd") << intel_opencl_runtime_library() << "\n";
  setenv("OCL_ICD_VENDORS", vendors.c_str(), 1);
  return true;
}();

}  // namespace
}  // namespace ferry::gpu::test
