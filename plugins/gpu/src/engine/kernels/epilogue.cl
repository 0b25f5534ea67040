// What a matrix product or convolution applies to each result before storing it: the nodes that
// followed it in the model, fused (see src/epilogue_fusion.hpp). Included by the kernels that
// offer it; the options select the parts:
//   BIAS_M / BIAS_N  add bias[m] (a convolution's channel) / bias[n] (MatMul's last dimension)
//   RESIDUAL         add residual[index], a tensor laid out as the output
//   ACT_RELU / ACT_CLAMP (lo, hi) / ACT_SIGMOID  the activation applied last
// bias and residual are stored as the output is (storage.cl: f32, or f16 with HALF_STORAGE); the
// epilogue computes in the kernel's REAL_T (half under HALF_ARITHMETIC).

#include "storage.cl"

inline REAL_T epilogue(REAL_T value, int m, int n, size_t index, __global const DATA_T* bias,
                      __global const DATA_T* residual, float lo, float hi) {
#if defined(BIAS_M)
  value += LOAD_REAL(bias, m);
#elif defined(BIAS_N)
  value += LOAD_REAL(bias, n);
#endif
#ifdef RESIDUAL
  value += LOAD_REAL(residual, index);
#endif
#if defined(ACT_RELU)
  value = fmax(value, (REAL_T)0);
#elif defined(ACT_CLAMP)
  value = fmin(fmax(value, (REAL_T)lo), (REAL_T)hi);
#elif defined(ACT_SIGMOID)
  value = (REAL_T)1 / ((REAL_T)1 + exp(-value));
#endif
  return value;
}
