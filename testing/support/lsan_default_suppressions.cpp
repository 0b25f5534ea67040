// LeakSanitizer's built-in suppressions for test binaries (used under --config=asan): only other
// projects' libraries that keep allocations until exit by design: the OpenCL ICD loader, PoCL and
// the LLVM that PoCL compiles kernels with. Never add Ferry's own code here: fix the leak.

extern "C" const char* __lsan_default_suppressions() {
  return "leak:libOpenCL.so\n"
         "leak:libpocl.so\n"
         "leak:libLLVM\n"
         "leak:libclang-cpp\n";
}
