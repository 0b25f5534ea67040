#include "program_cache.hpp"

#include <gtest/gtest.h>

#include "cl_error.hpp"
#include "device_context.hpp"
#include "kernel_library.hpp"
#include "support/offline_compiler.hpp"

namespace ferry::gpu {
namespace {

std::shared_ptr<DeviceContext> first_context() {
  auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  if (devices.empty()) return nullptr;
  return std::make_shared<DeviceContext>(devices[0]);
}

TEST(KernelLibrary, EveryKernelFileIsEmbedded) {
  for (const char* file : {"eltwise.cl", "gemm.cl", "epilogue.cl", "depthwise_convolution.cl", "pooling.cl",
                           "softmax.cl", "reduce.cl", "data_movement.cl", "convert.cl", "batch_norm.cl"})
    EXPECT_FALSE(kernel_source(file).empty()) << file;
  EXPECT_THROW(kernel_source("missing.cl"), Exception);
}

TEST(KernelLibrary, IncludedFilesAreExpandedInPlace) {
  const std::string& gemm = kernel_source("gemm.cl");
  EXPECT_EQ(gemm.find("#include \"epilogue.cl\""), std::string::npos);
  EXPECT_NE(gemm.find("inline REAL_T epilogue("), std::string::npos);
  // The including file's own text follows the included one.
  EXPECT_LT(gemm.find("inline REAL_T epilogue("), gemm.find("void gemm("));
}

TEST(ProgramCache, BuildsEachSourceAndOptionsOnce) {
  const auto context = first_context();
  ASSERT_TRUE(context);
  ProgramCache& cache = context->programs();
  const ClProgram relu = cache.get("eltwise.cl", "-DOP_RELU");
  EXPECT_EQ(cache.build_count(), 1u);
  EXPECT_EQ(cache.get("eltwise.cl", "-DOP_RELU").get(), relu.get());
  EXPECT_EQ(cache.build_count(), 1u);
  EXPECT_NE(cache.get("eltwise.cl", "-DOP_EXP").get(), relu.get());
  EXPECT_EQ(cache.build_count(), 2u);
}

TEST(ProgramCache, ABuildFailureCarriesTheBuildLog) {
  const auto context = first_context();
  ASSERT_TRUE(context);
  try {
    context->programs().build("__kernel void broken(__global float* x) { x[0] = undefined_name; }", "", "broken.cl");
    FAIL() << "expected a build error";
  } catch (const Exception& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("broken.cl"), std::string::npos) << message;
    EXPECT_NE(message.find("build log"), std::string::npos) << message;
    EXPECT_NE(message.find("undefined_name"), std::string::npos) << message;
  }
  // The cache stays usable.
  EXPECT_TRUE(context->programs().get("softmax.cl", ""));
}

// An OfflineCompiler (the tests' clang to SPIR) replaces the driver's compiler: called once per
// (file, options) with the expanded source, its binary built into a program with the kernels.
TEST(ProgramCache, AnOfflineCompilerCompilesEachSourceAndOptionsOnce) {
  auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty());
  const std::string unusable = test::why_offline_spir_cannot_run(devices[0].info.platform_name);
  if (!unusable.empty()) GTEST_SKIP() << unusable;
  std::vector<std::string> calls;
  const auto clang = test::clang_fp16_spir_compiler();
  const DeviceContext context(devices[0], nullptr, [&](const std::string& source, const std::string& options) {
    EXPECT_EQ(source, kernel_source("eltwise.cl"));
    calls.push_back(options);
    return clang(source, options);
  });
  const ClProgram relu = context.programs().get("eltwise.cl", "-DOP_RELU");
  EXPECT_EQ(context.programs().get("eltwise.cl", "-DOP_RELU").get(), relu.get());
  {
    ProgramBuildScope scope(context.programs(), {2, true});  // deferred builds take the same path
    context.programs().get("eltwise.cl", "-DOP_ABS");
    scope.finish();
  }
  EXPECT_EQ(calls, (std::vector<std::string>{"-DOP_RELU", "-DOP_ABS"}));
  cl_int status = CL_SUCCESS;
  ClKernel kernel(clCreateKernel(relu.get(), "eltwise_unary", &status));
  EXPECT_EQ(status, CL_SUCCESS);
}

TEST(ProgramCache, AnOfflineCompilerErrorReachesTheCallerAndTheCacheStaysUsable) {
  auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty());
  const std::string unusable = test::why_offline_spir_cannot_run(devices[0].info.platform_name);
  if (!unusable.empty()) GTEST_SKIP() << unusable;
  const DeviceContext context(devices[0], nullptr, test::clang_fp16_spir_compiler());
  try {
    context.programs().get("eltwise.cl", "-DOP_RELU -DT=no_such_type");
    FAIL() << "expected the offline compiler's error";
  } catch (const Exception& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("offline failed"), std::string::npos) << message;
    EXPECT_NE(message.find("no_such_type"), std::string::npos) << message;
  }
  EXPECT_NO_THROW(context.programs().get("eltwise.cl", "-DOP_RELU"));
}

TEST(ClError, CodesHaveNames) {
  EXPECT_EQ(cl_error_text(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES (-5)");
  EXPECT_EQ(cl_error_text(-12345), "CL error -12345");
  try {
    cl_check(CL_INVALID_KERNEL_NAME, "clCreateKernel 'x'");
    FAIL();
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("clCreateKernel 'x' failed: CL_INVALID_KERNEL_NAME"), std::string::npos);
  }
}

}  // namespace
}  // namespace ferry::gpu
