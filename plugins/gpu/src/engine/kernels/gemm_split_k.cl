// The second half of a split-K convolution (gemm.cl -D SPLIT_K): adds up the slices' partial
// sums [slices, M, N] (M output channels, N = batch * OH * OW), applies the fused epilogue and
// stores the result as NCHW. One work-item per output element, consecutive n on consecutive
// work-items (coalesced on both sides). f32 only, as the split.

#include "epilogue.cl"

__kernel void gemm_split_k_reduce(__global const float* partial, __global DATA_T* C, __global const DATA_T* bias,
                                  __global const DATA_T* residual, float lo, float hi, int M, int N, int OHW,
                                  int slices) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (n >= N) return;
  float sum = 0.0f;
  for (int s = 0; s < slices; ++s) sum += partial[((size_t)s * M + m) * N + n];
  const size_t index = ((size_t)(n / OHW) * M + m) * OHW + n % OHW;
  STORE_DATA(C, index, epilogue(sum, m, n, index, bias, residual, lo, hi));
}
