// BatchNormInference over [N, C, ...]: y = (x - mean[c]) / sqrt(variance[c] + epsilon) * gamma[c] + beta[c],
// `inner` elements per channel plane.

__kernel void batch_norm(__global const float* x, __global const float* gamma, __global const float* beta,
                         __global const float* mean, __global const float* variance, __global float* y, int C,
                         int inner, float epsilon) {
  const size_t i = get_global_id(0);
  const int c = (int)((i / (size_t)inner) % (size_t)C);
  y[i] = (x[i] - mean[c]) / sqrt(variance[c] + epsilon) * gamma[c] + beta[c];
}
