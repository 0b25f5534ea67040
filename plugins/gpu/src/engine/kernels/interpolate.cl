// Interpolate-11 (nearest, linear_onnx, cubic) of f32 data (-D HALF_STORAGE: f16 data, float
// arithmetic, storage.cl), one work-item per output element.
// The input is first zero-padded (pads_begin/pads_end: `pads` holds pads_begin, `padded` the
// padded lengths); every resized axis then maps its output coordinate back to the padded input
// and reads 1 (nearest), 2 (linear_onnx) or 4 (cubic) taps; the output element is the sum over
// the product of the axes' taps. Coordinates are computed as the reference computes them: in
// double where the device has it, so that nearest's rounding makes the same choices.

#pragma OPENCL FP_CONTRACT OFF

#include "storage.cl"

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double coord_t;
#else
typedef float coord_t;
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

// Values of the `mode`, `transform` and `nearest` arguments (the primitive passes the same).
#define MODE_NEAREST 0
#define MODE_LINEAR_ONNX 1
#define MODE_CUBIC 2
#define TRANSFORM_HALF_PIXEL 0
#define TRANSFORM_PYTORCH_HALF_PIXEL 1
#define TRANSFORM_ASYMMETRIC 2
#define TRANSFORM_TF_HALF_PIXEL_FOR_NN 3
#define TRANSFORM_ALIGN_CORNERS 4
#define NEAREST_ROUND_PREFER_FLOOR 0
#define NEAREST_ROUND_PREFER_CEIL 1
#define NEAREST_FLOOR 2
#define NEAREST_CEIL 3
#define NEAREST_SIMPLE 4

coord_t source_coordinate(int transform, coord_t x, int in_length, int out_length, coord_t scale) {
  switch (transform) {
    case TRANSFORM_HALF_PIXEL: return (x + 0.5) / scale - 0.5;
    case TRANSFORM_PYTORCH_HALF_PIXEL: return out_length > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
    case TRANSFORM_ASYMMETRIC: return x / scale;
    case TRANSFORM_TF_HALF_PIXEL_FOR_NN: return (x + 0.5) / scale;
    default: {  // align_corners: the corners of the unrounded in * scale
      const coord_t length = (coord_t)in_length * scale;
      return fabs(length - 1.0) < 1e-9 ? 0.0 : x * (coord_t)(in_length - 1) / (length - 1.0);
    }
  }
}

long round_nearest(int mode, coord_t x, int downsample) {
  switch (mode) {
    case NEAREST_ROUND_PREFER_FLOOR: return x == floor(x) + 0.5 ? (long)floor(x) : (long)round(x);
    case NEAREST_ROUND_PREFER_CEIL: return (long)floor(x + 0.5);
    case NEAREST_FLOOR: return (long)floor(x);
    case NEAREST_CEIL: return (long)ceil(x);
    default: return downsample ? (long)ceil(x) : (long)x;  // simple
  }
}

int clamp_index(long index, int length) { return (int)clamp(index, 0L, (long)length - 1); }

// Keys' cubic convolution weights of the neighbours at floor(x) - 1 ... floor(x) + 2.
void cubic_weights(coord_t t, coord_t a, float* w) {
  coord_t d = t + 1.0;
  w[0] = (float)(((a * d - 5.0 * a) * d + 8.0 * a) * d - 4.0 * a);
  d = t;
  w[1] = (float)(((a + 2.0) * d - (a + 3.0)) * d * d + 1.0);
  d = 1.0 - t;
  w[2] = (float)(((a + 2.0) * d - (a + 3.0)) * d * d + 1.0);
  d = 2.0 - t;
  w[3] = (float)(((a * d - 5.0 * a) * d + 8.0 * a) * d - 4.0 * a);
}

// resized[k]: the axis is resized; sizes_mode: its scale is out / in, else scale_hi + scale_lo.
__kernel void interpolate(__global const DATA_T* x, __global DATA_T* y, int rank, int8 out_dims, int8 in_dims,
                          int8 in_strides, int8 pads, int8 padded, int8 resized, float8 scale_hi, float8 scale_lo,
                          int sizes_mode, int mode, int transform, int nearest, float cube_coeff) {
  UNPACK8(out_dims, od);
  UNPACK8(in_dims, id);
  UNPACK8(in_strides, is);
  UNPACK8(pads, pb);
  UNPACK8(padded, pl);
  UNPACK8(resized, rz);
  const float hi[8] = {scale_hi.s0, scale_hi.s1, scale_hi.s2, scale_hi.s3,
                       scale_hi.s4, scale_hi.s5, scale_hi.s6, scale_hi.s7};
  const float lo[8] = {scale_lo.s0, scale_lo.s1, scale_lo.s2, scale_lo.s3,
                       scale_lo.s4, scale_lo.s5, scale_lo.s6, scale_lo.s7};
  const size_t out_index = get_global_id(0);
  int taps[8], index[8][4], at[8];
  float weight[8][4];
  size_t rest = out_index;
  for (int k = rank - 1; k >= 0; --k) {
    const int o = (int)(rest % (size_t)od[k]);
    rest /= (size_t)od[k];
    at[k] = 0;
    if (!rz[k]) {
      taps[k] = 1;
      index[k][0] = o;
      weight[k][0] = 1.0f;
      continue;
    }
    const int in_length = pl[k];
    const coord_t scale = sizes_mode ? (in_length == 0 ? 1.0 : (coord_t)od[k] / (coord_t)in_length)
                                     : (coord_t)hi[k] + (coord_t)lo[k];
    const coord_t c = source_coordinate(transform, (coord_t)o, in_length, od[k], scale);
    if (mode == MODE_NEAREST) {
      taps[k] = 1;
      index[k][0] = clamp_index(round_nearest(nearest, c, scale < 1.0), in_length);
      weight[k][0] = 1.0f;
    } else if (mode == MODE_LINEAR_ONNX) {
      const coord_t clamped = fmin(fmax(c, (coord_t)0.0), (coord_t)(in_length - 1));
      const long low = (long)floor(clamped);
      const coord_t t = clamped - (coord_t)low;
      taps[k] = 2;
      index[k][0] = clamp_index(low, in_length);
      index[k][1] = clamp_index(low + 1, in_length);
      weight[k][0] = (float)(1.0 - t);
      weight[k][1] = (float)t;
    } else {
      const long low = (long)floor(c);
      taps[k] = 4;
      cubic_weights(c - (coord_t)low, (coord_t)cube_coeff, weight[k]);
      for (int t = 0; t < 4; ++t) index[k][t] = clamp_index(low - 1 + t, in_length);
    }
  }
  // Sum over the product of the axes' taps (an odometer over at[]).
  float sum = 0.0f;
  while (true) {
    float w = 1.0f;
    size_t offset = 0;
    bool inside = true;
    for (int k = 0; k < rank; ++k) {
      const int i = index[k][at[k]] - pb[k];
      inside = inside && i >= 0 && i < id[k];
      offset += (size_t)max(i, 0) * (size_t)is[k];
      w *= weight[k][at[k]];
    }
    if (inside) sum += w * LOAD_DATA(x, offset);
    int k = rank - 1;
    for (; k >= 0; --k) {
      if (++at[k] < taps[k]) break;
      at[k] = 0;
    }
    if (k < 0) break;
  }
  STORE_DATA(y, out_index, sum);
}
