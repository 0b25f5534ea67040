// What a matrix product or convolution applies to each result before storing it: the nodes that
// followed it in the model, fused (see src/epilogue_fusion.hpp). Included by the kernels that
// offer it; the options select the parts:
//   BIAS_M / BIAS_N  add bias[m] (a convolution's channel) / bias[n] (MatMul's last dimension)
//   RESIDUAL         add residual[index], a tensor laid out as the output
//   ACT_RELU / ACT_CLAMP (lo, hi) / ACT_SIGMOID  the activation applied last
// bias and residual are stored as the output is (storage.cl: f32, or f16 with HALF_STORAGE).

#include "storage.cl"

inline float epilogue(float value, int m, int n, size_t index, __global const DATA_T* bias,
                      __global const DATA_T* residual, float lo, float hi) {
#if defined(BIAS_M)
  value += LOAD_DATA(bias, m);
#elif defined(BIAS_N)
  value += LOAD_DATA(bias, n);
#endif
#ifdef RESIDUAL
  value += LOAD_DATA(residual, index);
#endif
#if defined(ACT_RELU)
  value = fmax(value, 0.0f);
#elif defined(ACT_CLAMP)
  value = fmin(fmax(value, lo), hi);
#elif defined(ACT_SIGMOID)
  value = 1.0f / (1.0f + exp(-value));
#endif
  return value;
}
