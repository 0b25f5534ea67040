// Direct 2-D convolution, NCHW data, OIHW weights (GroupConvolution's [G, O/G, I/G, H, W] has
// the same memory order as [O, I/G, H, W]), with the fused epilogue of epilogue.cl. One
// work-item per output element; global size (OW, OH, N * OC). 1-D convolutions run with
// H = KH = 1. Used where the implicit GEMM of gemm.cl has nothing to multiply: depthwise
// convolutions (one input and one output channel per group). -D HALF_STORAGE: f16 tensors,
// float arithmetic (storage.cl, included by epilogue.cl).

#include "epilogue.cl"

__kernel void convolution(__global const DATA_T* x, __global const DATA_T* w, __global DATA_T* y,
                          __global const DATA_T* bias, __global const DATA_T* residual, float lo, float hi, int C,
                          int H, int W, int OC, int OH, int OW, int KH, int KW, int stride_h, int stride_w,
                          int dilation_h, int dilation_w, int pad_h, int pad_w, int groups) {
  const int ow = get_global_id(0), oh = get_global_id(1), nz = get_global_id(2);
  const int n = nz / OC, oc = nz % OC;
  const int channels_per_group = C / groups, outputs_per_group = OC / groups;
  const int c0 = (oc / outputs_per_group) * channels_per_group;
  float acc = 0.0f;
  for (int ic = 0; ic < channels_per_group; ++ic) {
    __global const DATA_T* plane = x + ((size_t)n * C + c0 + ic) * H * W;
    __global const DATA_T* kernel_plane = w + ((size_t)oc * channels_per_group + ic) * KH * KW;
    for (int kh = 0; kh < KH; ++kh) {
      const int ih = oh * stride_h - pad_h + kh * dilation_h;
      if (ih < 0 || ih >= H) continue;
      for (int kw = 0; kw < KW; ++kw) {
        const int iw = ow * stride_w - pad_w + kw * dilation_w;
        if (iw < 0 || iw >= W) continue;
        acc = fma(LOAD_DATA(plane, ih * W + iw), LOAD_DATA(kernel_plane, kh * KW + kw), acc);
      }
    }
  }
  const size_t index = (((size_t)n * OC + oc) * OH + oh) * OW + ow;
  STORE_DATA(y, index, epilogue(acc, oc, 0, index, bias, residual, lo, hi));
}
