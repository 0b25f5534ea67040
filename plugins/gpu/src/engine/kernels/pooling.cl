// 2-D max and average pooling over NCHW data; one work-item per output element, global size
// (OW, OH, N * C). 1-D pooling runs with H = KH = 1. Padding never wins a max. The average
// divides by the window's elements inside the input (exclude_pad) or inside the padded input.
// -D HALF_STORAGE: f16 tensors, float arithmetic (storage.cl).

#include "storage.cl"

__kernel void max_pool(__global const DATA_T* x, __global DATA_T* y, int H, int W, int OH, int OW, int KH, int KW,
                       int stride_h, int stride_w, int dilation_h, int dilation_w, int pad_h, int pad_w) {
  const int ow = get_global_id(0), oh = get_global_id(1), nc = get_global_id(2);
  __global const DATA_T* plane = x + (size_t)nc * H * W;
  float best = -INFINITY;
  for (int kh = 0; kh < KH; ++kh) {
    const int ih = oh * stride_h - pad_h + kh * dilation_h;
    if (ih < 0 || ih >= H) continue;
    for (int kw = 0; kw < KW; ++kw) {
      const int iw = ow * stride_w - pad_w + kw * dilation_w;
      if (iw < 0 || iw >= W) continue;
      best = fmax(best, LOAD_DATA(plane, ih * W + iw));
    }
  }
  STORE_DATA(y, ((size_t)nc * OH + oh) * OW + ow, best);
}

__kernel void avg_pool(__global const DATA_T* x, __global DATA_T* y, int H, int W, int OH, int OW, int KH, int KW,
                       int stride_h, int stride_w, int pad_h, int pad_w, int pad_h_end, int pad_w_end,
                       int exclude_pad) {
  const int ow = get_global_id(0), oh = get_global_id(1), nc = get_global_id(2);
  __global const DATA_T* plane = x + (size_t)nc * H * W;
  const int h0 = oh * stride_h - pad_h, w0 = ow * stride_w - pad_w;
  // The window clipped to the padded input [-pad, size + pad_end).
  const int h_lo = max(h0, -pad_h), h_hi = min(h0 + KH, H + pad_h_end);
  const int w_lo = max(w0, -pad_w), w_hi = min(w0 + KW, W + pad_w_end);
  float sum = 0.0f;
  int inside = 0;
  for (int ih = max(h_lo, 0); ih < min(h_hi, H); ++ih)
    for (int iw = max(w_lo, 0); iw < min(w_hi, W); ++iw) {
      sum += LOAD_DATA(plane, ih * W + iw);
      ++inside;
    }
  const int count = exclude_pad ? inside : (h_hi - h_lo) * (w_hi - w_lo);
  STORE_DATA(y, ((size_t)nc * OH + oh) * OW + ow, count > 0 ? sum / (float)count : 0.0f);
}
