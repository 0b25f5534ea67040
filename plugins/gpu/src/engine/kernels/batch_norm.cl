// BatchNormInference over [N, C, ...]: y = (x - mean[c]) / sqrt(variance[c] + epsilon) * gamma[c] + beta[c],
// `inner` elements per channel plane. -D HALF_STORAGE: f16 tensors (all six), float arithmetic
// (storage.cl).

#include "storage.cl"

__kernel void batch_norm(__global const DATA_T* x, __global const DATA_T* gamma, __global const DATA_T* beta,
                         __global const DATA_T* mean, __global const DATA_T* variance, __global DATA_T* y, int C,
                         int inner, float epsilon) {
  const size_t i = get_global_id(0);
  const int c = (int)((i / (size_t)inner) % (size_t)C);
  const float normalised = (LOAD_DATA(x, i) - LOAD_DATA(mean, c)) / sqrt(LOAD_DATA(variance, c) + epsilon);
  STORE_DATA(y, i, normalised * LOAD_DATA(gamma, c) + LOAD_DATA(beta, c));
}
