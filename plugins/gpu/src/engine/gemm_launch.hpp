#pragma once

// Launches of kernels/gemm.cl, shared by the MatMul and Convolution primitives: the tile size
// for a problem, the build options for a layout and epilogue, and the epilogue's arguments.

#include <string>

#include "kernel_step.hpp"
#include "primitive.hpp"

namespace ferry::gpu {

struct GemmTile {
  int bm, bn, bk, tm, tn;
  size_t threads_n() const { return static_cast<size_t>(bn / tn); }
  size_t threads_m() const { return static_cast<size_t>(bm / tm); }
};

// The tile for an M x N product repeated `count` times (batches or groups); `convolution`: an
// implicit GEMM. Other tiles (64x128, 128x64, BK 8...) work too: the kernel takes any
// BM, BN, BK, TM, TN within its limits (gemm.cl), and benchmarks can force one.
GemmTile choose_gemm_tile(size_t M, size_t N, size_t count, bool convolution);

// Split-K (gemm.cl -D SPLIT_K): K cut into `slices` slices of `slice_k` (a multiple of BK), each
// multiplied by its own work-groups into partial sums that gemm_split_k.cl adds up. Chosen when
// the product's tiles alone would leave a large GPU mostly idle (fewer than 256 work-groups) and
// K is long enough for every slice to keep at least 8 BK steps; slices == 1: no split.
struct SplitK {
  size_t slices = 1;
  size_t slice_k = 0;
};
SplitK choose_split_k(const GemmTile& tile, size_t M, size_t N, size_t K);

// The build options of kernels/epilogue.cl for `epilogue` ("-DBIAS_M -DACT_RELU"...);
// `bias_define` is BIAS_M (per output channel) or BIAS_N (per element of the last dimension).
std::string epilogue_options(const Epilogue& epilogue, const char* bias_define);

// "-DBM=.. -DBN=.. ..." for `tile` plus `layout` (e.g. "-DA_M_CONTIG") plus the epilogue's.
std::string gemm_options(const GemmTile& tile, const std::string& layout, const Epilogue& epilogue,
                         const char* bias_define);

// Binds the output, bias, residual and the clamp bounds (the arguments that follow the inputs in
// gemm.cl and depthwise_convolution.cl): unused pointer arguments get the output buffer, never read then.
void bind_epilogue(KernelStep& step, size_t output, const Epilogue& epilogue);

// Global and local sizes for an M x N product repeated `count` times (NDRange z).
void set_gemm_range(KernelStep& step, const GemmTile& tile, size_t M, size_t N, size_t count);

}  // namespace ferry::gpu
