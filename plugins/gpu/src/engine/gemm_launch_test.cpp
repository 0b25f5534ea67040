// kernels/gemm.cl for several tiles (the chooser's and others a benchmark can force) and every
// operand layout, on sizes that
// are not multiples of any tile, against a plain triple loop (tolerance 1e-4 relative to the
// sum of |products|, far above f32 rounding over these K and far below any indexing error).

#include "gemm_launch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <tuple>

#include "cl_error.hpp"
#include "device_context.hpp"
#include "device_enumerator.hpp"

namespace ferry::gpu {
namespace {

struct Layout {
  bool ta, tb;
};

class GemmKernel : public ::testing::TestWithParam<std::tuple<GemmTile, Layout>> {};

// Runs `step` with `buffers` bound to its value arguments (by value id) and waits.
void run(const DeviceContext& context, const KernelStep& step, const std::vector<cl_mem>& buffers) {
  ClProgram program = context.programs().get(step.file, step.options);
  cl_int status = CL_SUCCESS;
  ClKernel kernel(clCreateKernel(program.get(), step.kernel.c_str(), &status));
  cl_check(status, "clCreateKernel");
  for (size_t a = 0; a < step.args.size(); ++a) {
    const KernelArg& arg = step.args[a];
    if (arg.is_value)
      cl_check(clSetKernelArg(kernel.get(), a, sizeof(cl_mem), &buffers.at(arg.value)), "clSetKernelArg");
    else
      cl_check(clSetKernelArg(kernel.get(), a, arg.bytes.size(), arg.bytes.data()), "clSetKernelArg");
  }
  ClQueue queue = context.create_queue(false);
  cl_check(clEnqueueNDRangeKernel(queue.get(), kernel.get(), step.dims, nullptr, step.global.data(), step.local.data(),
                                  0, nullptr, nullptr),
           "clEnqueueNDRangeKernel");
  cl_check(clFinish(queue.get()), "clFinish");
}

TEST_P(GemmKernel, MatchesATripleLoop) {
  const auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty());
  DeviceContext context(devices[0]);
  // Named copies, not a structured binding: C++17 lambdas cannot capture bindings (clang refuses).
  const auto tile = std::get<0>(GetParam());
  const auto layout = std::get<1>(GetParam());
  const size_t M = tile.bm + 3, N = 2 * tile.bn - 5, K = 37;  // partial tiles on every side

  std::mt19937 random(3);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<float> a(M * K), b(K * N), bias(N), c(M * N, 0.0f);
  for (float& v : a) v = uniform(random);
  for (float& v : b) v = uniform(random);
  for (float& v : bias) v = uniform(random);
  const auto at_a = [&](size_t m, size_t k) { return layout.ta ? a[k * M + m] : a[m * K + k]; };
  const auto at_b = [&](size_t k, size_t n) { return layout.tb ? b[n * K + k] : b[k * N + n]; };

  std::vector<cl_mem> buffers;
  std::vector<ClMem> owners;
  for (std::vector<float>* data : {&a, &b, &c, &bias}) {
    owners.push_back(context.create_buffer(data->size() * sizeof(float), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                           data->data(), "test"));
    buffers.push_back(owners.back().get());
  }
  Epilogue epilogue;
  epilogue.bias = 3;
  epilogue.activation = Epilogue::Activation::RELU;
  std::string options = std::string(layout.ta ? "-DA_M_CONTIG" : "") + (layout.tb ? " -DB_K_CONTIG" : "");
  KernelStep step("gemm.cl", gemm_options(tile, options, epilogue, "BIAS_N"), "gemm");
  step.value(0).value(1);
  bind_epilogue(step, 2, epilogue);
  step.i32(M).i32(N).i32(K);
  step.i32(layout.ta ? 1 : K).i32(layout.ta ? M : 1).i32(layout.tb ? 1 : N).i32(layout.tb ? K : 1);
  step.i32(0).int8({}).int8({}, 0).int8({}, 0);
  set_gemm_range(step, tile, M, N, 1);
  run(context, step, buffers);
  cl_check(clEnqueueReadBuffer(context.create_queue(false).get(), buffers[2], CL_TRUE, 0, c.size() * sizeof(float),
                               c.data(), 0, nullptr, nullptr),
           "read");

  for (size_t m = 0; m < M; ++m)
    for (size_t n = 0; n < N; ++n) {
      double sum = bias[n], magnitude = std::abs(bias[n]);
      for (size_t k = 0; k < K; ++k) {
        sum += double(at_a(m, k)) * at_b(k, n);
        magnitude += std::abs(double(at_a(m, k)) * at_b(k, n));
      }
      ASSERT_NEAR(c[m * N + n], std::max(sum, 0.0), 1e-4 * magnitude) << "m " << m << " n " << n;
    }
}

// Every tile, and every layout on some tile: each case is one program build, slow on PoCL.
INSTANTIATE_TEST_SUITE_P(TilesAndLayouts, GemmKernel,
                         ::testing::Values(std::make_tuple(GemmTile{128, 128, 16, 8, 8}, Layout{false, false}),
                                           std::make_tuple(GemmTile{64, 128, 16, 4, 8}, Layout{true, false}),
                                           std::make_tuple(GemmTile{128, 64, 16, 8, 4}, Layout{false, true}),
                                           std::make_tuple(GemmTile{64, 64, 16, 4, 4}, Layout{true, true}),
                                           std::make_tuple(GemmTile{32, 32, 16, 4, 4}, Layout{false, false})));

TEST(GemmTileChoice, LargeTilesOnlyWhereTheyPaidOff) {
  EXPECT_EQ(choose_gemm_tile(4096, 4096, 1, false).bm, 128);  // 1024 work-groups of 128x128
  EXPECT_EQ(choose_gemm_tile(1024, 1024, 1, false).bm, 64);   // 64 large tiles would leave units idle
  EXPECT_EQ(choose_gemm_tile(4096, 4096, 1, true).bm, 64);    // implicit GEMM: 64x64 measured faster
  EXPECT_EQ(choose_gemm_tile(2048, 20, 1, false).bn, 32);     // N = 20 would pad a 64-wide tile by 2/3
  EXPECT_EQ(choose_gemm_tile(4096, 4000, 1, false).bm, 128);  // under 20% padding still takes 128
}

}  // namespace
}  // namespace ferry::gpu
