// NV12 / I420 (BT.601 video range, 4:2:0) to interleaved RGB or BGR, one work-item per output
// pixel of [N,H,W,3]. Each plane is read where it lies: a single-plane image and separate planes
// differ only in the offsets and strides the primitive passes, in elements.
// -D PIXEL_U8: u8 planes and output (rounded to nearest, saturated); float otherwise.
// -D BGR: blue first.

#ifdef PIXEL_U8
#define PIXEL_T uchar
#define STORE_PIXEL(p, i, v) ((p)[i] = convert_uchar_sat(round(v)))
#else
#define PIXEL_T float
#define STORE_PIXEL(p, i, v) ((p)[i] = (v))
#endif

// A plane's layout: element offset of its first sample, then batch, row and column strides.
__kernel void yuv_to_rgb(__global const PIXEL_T* y, int4 y_layout, __global const PIXEL_T* u, int4 u_layout,
                         __global const PIXEL_T* v, int4 v_layout, __global PIXEL_T* rgb, int height, int width) {
  const int w = get_global_id(0), h = get_global_id(1), n = get_global_id(2);
  const float luma = 1.164f * ((float)y[y_layout.x + n * y_layout.y + h * y_layout.z + w * y_layout.w] - 16.0f);
  const int ch = h / 2, cw = w / 2;
  const float d = (float)u[u_layout.x + n * u_layout.y + ch * u_layout.z + cw * u_layout.w] - 128.0f;
  const float e = (float)v[v_layout.x + n * v_layout.y + ch * v_layout.z + cw * v_layout.w] - 128.0f;
  const float r = clamp(luma + 1.596f * e, 0.0f, 255.0f);
  const float g = clamp(luma - 0.391f * d - 0.813f * e, 0.0f, 255.0f);
  const float b = clamp(luma + 2.018f * d, 0.0f, 255.0f);
  const size_t out = (((size_t)n * height + h) * width + w) * 3;
#ifdef BGR
  STORE_PIXEL(rgb, out, b);
  STORE_PIXEL(rgb, out + 2, r);
#else
  STORE_PIXEL(rgb, out, r);
  STORE_PIXEL(rgb, out + 2, b);
#endif
  STORE_PIXEL(rgb, out + 1, g);
}
