// Points PoCL's compiled-kernel cache into the test's own TEST_TMPDIR before any OpenCL call:
// tests run without HOME, and PoCL would otherwise share /tmp/pocl/kcache between runs.
// (POCL_CACHE_DIR="" crashes PoCL, so it is only set when TEST_TMPDIR exists.)

#include <cstdlib>
#include <string>

namespace {

const bool kPoclCacheSet = [] {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const char* existing = std::getenv("POCL_CACHE_DIR");
  if (tmp && *tmp && !(existing && *existing)) setenv("POCL_CACHE_DIR", (std::string(tmp) + "/pocl").c_str(), 1);
  return true;
}();

}  // namespace
