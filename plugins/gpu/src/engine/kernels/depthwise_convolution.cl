// Depthwise 2-D convolution (one input and one output channel per group, where the implicit GEMM
// of gemm.cl has nothing to multiply), NCHW data, weights [C, 1, 1, KH, KW] in that memory order,
// with the fused epilogue of epilogue.cl. 1-D convolutions run with H = KH = 1.
// One work-item per output element over a flat 1-D range in output order, in work-groups of the
// size the host picks (the global size is rounded up to it; the excess returns at once). A 3-D
// range of (OW, OH, N * C) left the work-group shape to the driver, which on late stages (7x7
// planes) made work-groups of 7 items. KH and KW are build options so the window loops unroll.
// -D HALF_STORAGE: f16 tensors, computed in REAL_T: half where the device has cl_khr_fp16
// (storage.cl, included by epilogue.cl).

#include "epilogue.cl"

__kernel void depthwise_convolution(__global const DATA_T* x, __global const DATA_T* w, __global DATA_T* y,
                                    __global const DATA_T* bias, __global const DATA_T* residual, float lo, float hi,
                                    int C, int H, int W, int OH, int OW, int stride_h, int stride_w, int dilation_h,
                                    int dilation_w, int pad_h, int pad_w, ulong total) {
  const size_t index = get_global_id(0);
  if (index >= total) return;
  const int ow = (int)(index % OW);
  const size_t rows = index / OW;
  const int oh = (int)(rows % OH);
  const size_t plane = rows / OH;  // n * C + c
  const int c = (int)(plane % C);
  __global const DATA_T* image = x + plane * H * W;
  __global const DATA_T* window = w + (size_t)c * KH * KW;
  const int ih0 = oh * stride_h - pad_h, iw0 = ow * stride_w - pad_w;
  REAL_T acc = 0;
#pragma unroll
  for (int kh = 0; kh < KH; ++kh) {
    const int ih = ih0 + kh * dilation_h;
    if (ih < 0 || ih >= H) continue;
#pragma unroll
    for (int kw = 0; kw < KW; ++kw) {
      const int iw = iw0 + kw * dilation_w;
      if (iw < 0 || iw >= W) continue;
      acc = fma(LOAD_REAL(image, ih * W + iw), LOAD_REAL(window, kh * KW + kw), acc);
    }
  }
  STORE_REAL(y, index, epilogue(acc, c, 0, index, bias, residual, lo, hi));
}
