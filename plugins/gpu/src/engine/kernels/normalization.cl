// Normalisations over a set of axes (MVN, NormalizeL2), windows (LRN) and LogSoftmax, f32 with
// f32 accumulation; -D HALF_STORAGE: f16 tensors, the same float arithmetic (storage.cl). The
// grouped kernels make one work-item per statistics group: the group's first element is found by
// walking `dims` (the input shape with the reduced axes set to 1) with the input strides, the
// group itself by walking `red_dims` with `red_strides` (count elements). Output and input share
// the layout, so every offset serves both.

#include "storage.cl"

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

size_t group_base(size_t index, int rank, const int* d, const int* s) {
  size_t base = 0;
  for (int k = rank - 1; k >= 0; --k) {
    base += (index % (size_t)d[k]) * (size_t)s[k];
    index /= (size_t)d[k];
  }
  return base;
}

size_t member_offset(int j, int red_rank, const int* rd, const int* rs) {
  size_t offset = 0;
  for (int k = red_rank - 1; k >= 0; --k) {
    offset += (size_t)(j % rd[k]) * (size_t)rs[k];
    j /= rd[k];
  }
  return offset;
}

// (x - mean) / sqrt(var + eps) (inside_sqrt) or / (sqrt(var) + eps); the population variance.
__kernel void mvn(__global const DATA_T* x, __global DATA_T* y, int rank, int8 dims, int8 strides, int red_rank,
                  int8 red_dims, int8 red_strides, int count, int normalize_variance, float eps, int inside_sqrt) {
  UNPACK8(dims, d);
  UNPACK8(strides, s);
  UNPACK8(red_dims, rd);
  UNPACK8(red_strides, rs);
  const size_t base = group_base(get_global_id(0), rank, d, s);
  float sum = 0.0f;
  for (int j = 0; j < count; ++j) sum += LOAD_DATA(x, base + member_offset(j, red_rank, rd, rs));
  const float mean = sum / (float)count;
  float scale = 1.0f;
  if (normalize_variance) {
    float squares = 0.0f;
    for (int j = 0; j < count; ++j) {
      const float v = LOAD_DATA(x, base + member_offset(j, red_rank, rd, rs)) - mean;
      squares += v * v;
    }
    const float variance = squares / (float)count;
    scale = 1.0f / (inside_sqrt ? sqrt(variance + eps) : sqrt(variance) + eps);
  }
  for (int j = 0; j < count; ++j) {
    const size_t at = base + member_offset(j, red_rank, rd, rs);
    STORE_DATA(y, at, (LOAD_DATA(x, at) - mean) * scale);
  }
}

// x / sqrt(sum(x^2) + eps) (eps_add) or x / sqrt(max(sum(x^2), eps)).
__kernel void normalize_l2(__global const DATA_T* x, __global DATA_T* y, int rank, int8 dims, int8 strides,
                           int red_rank, int8 red_dims, int8 red_strides, int count, float eps, int eps_add) {
  UNPACK8(dims, d);
  UNPACK8(strides, s);
  UNPACK8(red_dims, rd);
  UNPACK8(red_strides, rs);
  const size_t base = group_base(get_global_id(0), rank, d, s);
  float squares = 0.0f;
  for (int j = 0; j < count; ++j) {
    const float v = LOAD_DATA(x, base + member_offset(j, red_rank, rd, rs));
    squares += v * v;
  }
  const float norm = sqrt(eps_add ? squares + eps : fmax(squares, eps));
  for (int j = 0; j < count; ++j) {
    const size_t at = base + member_offset(j, red_rank, rd, rs);
    STORE_DATA(y, at, LOAD_DATA(x, at) / norm);
  }
}

// One work-item per element: x / (bias + scale * sum of squares over the window)^beta, the
// window spanning [i - before, i + after] (clipped) on every axis with window[k] set.
__kernel void lrn(__global const DATA_T* x, __global DATA_T* y, int rank, int8 shape, int8 strides, int8 window,
                  int before, int after, float scale, float bias, float beta) {
  UNPACK8(shape, d);
  UNPACK8(strides, s);
  UNPACK8(window, w);
  const size_t id = get_global_id(0);
  int lo[8], hi[8], at[8];
  size_t rest = id, first = 0;
  for (int k = rank - 1; k >= 0; --k) {
    const int i = (int)(rest % (size_t)d[k]);
    rest /= (size_t)d[k];
    lo[k] = w[k] ? max(i - before, 0) : i;
    hi[k] = w[k] ? min(i + after, d[k] - 1) : i;
    at[k] = lo[k];
    first += (size_t)lo[k] * (size_t)s[k];
  }
  float sum = 0.0f;
  size_t offset = first;
  while (true) {
    const float v = LOAD_DATA(x, offset);
    sum += v * v;
    int k = rank - 1;
    for (; k >= 0; --k) {  // odometer over the window
      if (at[k] < hi[k]) {
        ++at[k];
        offset += (size_t)s[k];
        break;
      }
      offset -= (size_t)(at[k] - lo[k]) * (size_t)s[k];
      at[k] = lo[k];
    }
    if (k < 0) break;
  }
  STORE_DATA(y, id, LOAD_DATA(x, id) / pow(bias + scale * sum, beta));
}

// log(softmax) along one axis of a tensor viewed as [outer, axis, inner]; one work-item per
// (outer, inner) pair.
__kernel void log_softmax(__global const DATA_T* x, __global DATA_T* y, int axis_size, int inner) {
  const size_t id = get_global_id(0);
  const size_t base = (id / inner) * (size_t)axis_size * inner + id % inner;
  float maximum = -INFINITY;
  for (int i = 0; i < axis_size; ++i) maximum = fmax(maximum, LOAD_DATA(x, base + (size_t)i * inner));
  float sum = 0.0f;
  for (int i = 0; i < axis_size; ++i) sum += exp(LOAD_DATA(x, base + (size_t)i * inner) - maximum);
  const float shift = maximum + log(sum);
  for (int i = 0; i < axis_size; ++i) {
    const size_t at = base + (size_t)i * inner;
    STORE_DATA(y, at, LOAD_DATA(x, at) - shift);
  }
}
