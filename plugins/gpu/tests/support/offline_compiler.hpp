#pragma once

// An offline OpenCL C compiler for the plugin's ProgramCache (OfflineCompiler in
// src/program_cache.hpp): clang 15, the front end of PoCL 3.1's own LLVM, compiles each kernel
// source to SPIR (spir64 LLVM bitcode) that PoCL builds through clCreateProgramWithBinary.
//
// It compiles with cl_khr_fp16 enabled, which PoCL's CPU device does not offer, so the kernels'
// half-arithmetic forms (kernels/storage.cl: HALF_ARITHMETIC) run in CI. The half operations
// themselves are LLVM's: every half add, multiply and compare is rounded to half as on a device
// with cl_khr_fp16. PoCL's kernel library has no half overloads of the built-in functions, so
// the few the kernels call (fma, mad, fmax, fmin, exp) are supplied, computed in float and
// rounded once to half.

#include <functional>
#include <string>

namespace ferry::gpu::test {

// Compiles (source, build options) to SPIR bitcode; throws std::runtime_error with clang's
// diagnostics. Thread-safe; its files live in TEST_TMPDIR (else /tmp) and are removed.
std::function<std::string(const std::string& source, const std::string& options)> clang_fp16_spir_compiler();

// The clang this uses (/usr/bin/clang-15).
const char* offline_clang_path();

// Why the offline compiler cannot serve a device of platform `platform_name` (the SPIR it makes
// is for PoCL's LLVM: other drivers, NVIDIA's among them, take no SPIR), or "" when it can.
std::string why_offline_spir_cannot_run(const std::string& platform_name);

}  // namespace ferry::gpu::test
