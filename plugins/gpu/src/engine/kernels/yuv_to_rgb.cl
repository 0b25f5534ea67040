// NV12 / I420 (BT.601 video range, 4:2:0) to interleaved RGB or BGR, one work-item per output
// pixel of [N,H,W,3]. Each plane is read where it lies: a single-plane image and separate planes
// differ only in the offsets and strides the primitive passes, in elements; NV12 planes held in
// OpenCL images are read through yuv_to_rgb_image, one frame per launch.
// -D PIXEL_U8: u8 planes and output (rounded to nearest, saturated); float otherwise.
// -D PLANE_U8: u8 planes with a float output (the Converts to f32 before the op, fused).
// -D BGR: blue first.

#ifdef PIXEL_U8
#define PIXEL_T uchar
#define STORE_PIXEL(p, i, v) ((p)[i] = convert_uchar_sat(round(v)))
#else
#define PIXEL_T float
#define STORE_PIXEL(p, i, v) ((p)[i] = (v))
#endif
#if defined(PIXEL_U8) || defined(PLANE_U8)
#define PLANE_T uchar
#else
#define PLANE_T float
#endif

// Writes the pixel at element `out` of `rgb` from its samples (0..255).
void store_rgb(__global PIXEL_T* rgb, size_t out, float y, float u, float v) {
  const float luma = 1.164f * (y - 16.0f);
  const float d = u - 128.0f, e = v - 128.0f;
  const float r = clamp(luma + 1.596f * e, 0.0f, 255.0f);
  const float g = clamp(luma - 0.391f * d - 0.813f * e, 0.0f, 255.0f);
  const float b = clamp(luma + 2.018f * d, 0.0f, 255.0f);
#ifdef BGR
  STORE_PIXEL(rgb, out, b);
  STORE_PIXEL(rgb, out + 2, r);
#else
  STORE_PIXEL(rgb, out, r);
  STORE_PIXEL(rgb, out + 2, b);
#endif
  STORE_PIXEL(rgb, out + 1, g);
}

// A plane's layout: element offset of its first sample, then batch, row and column strides. A
// launch for one frame of a batch passes batch strides 0 and the frame as the global offset of
// dimension 2.
__kernel void yuv_to_rgb(__global const PLANE_T* y, int4 y_layout, __global const PLANE_T* u, int4 u_layout,
                         __global const PLANE_T* v, int4 v_layout, __global PIXEL_T* rgb, int height, int width) {
  const int w = get_global_id(0), h = get_global_id(1), n = get_global_id(2);
  const int ch = h / 2, cw = w / 2;
  store_rgb(rgb, (((size_t)n * height + h) * width + w) * 3,
            (float)y[y_layout.x + n * y_layout.y + h * y_layout.z + w * y_layout.w],
            (float)u[u_layout.x + n * u_layout.y + ch * u_layout.z + cw * u_layout.w],
            (float)v[v_layout.x + n * v_layout.y + ch * v_layout.z + cw * v_layout.w]);
}

#ifdef __IMAGE_SUPPORT__
__constant sampler_t kPlaneSampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// Channels x and y of the texel at `at` as samples 0..255: CL_UNSIGNED_INT8 (`integer`) or
// CL_UNORM_INT8 images.
float2 texel(read_only image2d_t plane, int2 at, int integer) {
  if (integer) return convert_float2(read_imageui(plane, kPlaneSampler, at).xy);
  return rint(read_imagef(plane, kPlaneSampler, at).xy * 255.0f);
}

// One NV12 frame from two images into output item get_global_id(2) (the launch's global offset):
// Y (CL_R or CL_LUMINANCE, `y_integer`: CL_UNSIGNED_INT8), UV (`uv_mode` bit 0: CL_UNSIGNED_INT8;
// bit 1: a CL_R image of U, V texel pairs as wide as Y, else CL_RG of half the width).
__kernel void yuv_to_rgb_image(read_only image2d_t y, int y_integer, read_only image2d_t uv, int uv_mode,
                               __global PIXEL_T* rgb, int height, int width) {
  const int w = get_global_id(0), h = get_global_id(1), n = get_global_id(2);
  const int ch = h / 2, cw = w / 2, integer = uv_mode & 1;
  float2 chroma;
  if (uv_mode & 2) {
    chroma = (float2)(texel(uv, (int2)(2 * cw, ch), integer).x, texel(uv, (int2)(2 * cw + 1, ch), integer).x);
  } else {
    chroma = texel(uv, (int2)(cw, ch), integer);
  }
  store_rgb(rgb, (((size_t)n * height + h) * width + w) * 3, texel(y, (int2)(w, h), y_integer).x, chroma.x, chroma.y);
}
#endif
