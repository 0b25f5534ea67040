// compile_model's program settings (ProgramBuildScope): parallel builds, loop unrolling turned
// off, and programs made again from their binaries in a new context.
#include <gtest/gtest.h>

#include "device_context.hpp"
#include "program_cache.hpp"

namespace ferry::gpu {
namespace {

std::shared_ptr<DeviceContext> new_context() {
  auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  if (devices.empty()) return nullptr;
  return std::make_shared<DeviceContext>(devices[0]);
}

cl_build_status build_status(const ClProgram& program, cl_device_id device) {
  cl_build_status status = CL_BUILD_NONE;
  clGetProgramBuildInfo(program.get(), device, CL_PROGRAM_BUILD_STATUS, sizeof(status), &status, nullptr);
  return status;
}

TEST(LoopUnrolling, HintsBecomeUnrollOne) {
  EXPECT_EQ(without_loop_unrolling("#pragma unroll\nfor (;;) {}\n  #pragma unroll 4\n#pragma unroll_hint\n"),
            "#pragma unroll 1\nfor (;;) {}\n  #pragma unroll 1\n#pragma unroll_hint\n");
  EXPECT_EQ(without_loop_unrolling("int x;"), "int x;");
}

TEST(ProgramBuildScope, BuildsDeferredProgramsOnSeveralThreads) {
  const auto context = new_context();
  ASSERT_TRUE(context);
  ProgramCache& cache = context->programs();
  std::vector<ClProgram> programs;
  {
    ProgramBuildScope scope(cache, {3, true});
    for (const char* op : {"-DOP_RELU", "-DOP_EXP", "-DOP_ABS"}) programs.push_back(cache.get("eltwise.cl", op));
    for (const auto& program : programs) EXPECT_NE(build_status(program, context->device()), CL_BUILD_SUCCESS);
    scope.finish();
  }
  for (const auto& program : programs) EXPECT_EQ(build_status(program, context->device()), CL_BUILD_SUCCESS);
  EXPECT_EQ(cache.build_count(), 3u);
  EXPECT_EQ(cache.get("eltwise.cl", "-DOP_EXP").get(), programs[1].get());  // cached, outside any scope
  EXPECT_EQ(cache.build_count(), 3u);
}

TEST(ProgramBuildScope, NoLoopUnrollingIsAProgramOfItsOwn) {
  const auto context = new_context();
  ASSERT_TRUE(context);
  ProgramCache& cache = context->programs();
  const ClProgram unrolled = cache.get("eltwise.cl", "-DOP_RELU");
  ClProgram plain;
  {
    ProgramBuildScope scope(cache, {1, false});
    plain = cache.get("eltwise.cl", "-DOP_RELU");
    scope.finish();
  }
  EXPECT_NE(plain.get(), unrolled.get());
  EXPECT_EQ(cache.build_count(), 2u);
  bool found = false;
  for (const auto& binary : cache.binaries())
    found |= binary.options == std::string("-DOP_RELU ") + kNoLoopUnrollingOption;
  EXPECT_TRUE(found);
}

TEST(ProgramCache, ProgramsComeBackFromTheirBinariesInANewContext) {
  const auto first = new_context();
  ASSERT_TRUE(first);
  first->programs().get("eltwise.cl", "-DOP_RELU");
  first->programs().get("softmax.cl", "");
  const std::vector<ProgramBinary> binaries = first->programs().binaries();
  ASSERT_EQ(binaries.size(), 2u);
  for (const auto& binary : binaries) EXPECT_FALSE(binary.binary.empty()) << binary.file;

  const auto second = new_context();
  second->programs().add_binaries(binaries);
  const ClProgram relu = second->programs().get("eltwise.cl", "-DOP_RELU");
  EXPECT_EQ(build_status(relu, second->device()), CL_BUILD_SUCCESS);
  EXPECT_EQ(second->programs().build_count(), 0u);
  EXPECT_EQ(second->programs().binary_count(), 1u);
  // A binary the driver refuses is built from source instead.
  second->programs().add_binaries({{"eltwise.cl", "-DOP_EXP", "not a binary"}});
  EXPECT_EQ(build_status(second->programs().get("eltwise.cl", "-DOP_EXP"), second->device()), CL_BUILD_SUCCESS);
  EXPECT_EQ(second->programs().build_count(), 1u);
}

}  // namespace
}  // namespace ferry::gpu
