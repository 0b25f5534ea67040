// Kernels that move elements without arithmetic, for any element type of T's size
// (-D T=uchar|ushort|uint|ulong).

#ifndef T
#define T uint
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

// y (dense, shape `dims`) takes x's element at sum(coordinate[k] * strides[k]): Transpose,
// DepthToSpace and SpaceToDepth with the input's strides permuted.
__kernel void permute(__global const T* x, __global T* y, int rank, int8 dims, int8 strides) {
  UNPACK8(dims, d);
  UNPACK8(strides, s);
  size_t index = get_global_id(0);
  const size_t out = index;
  size_t offset = 0;
  for (int k = rank - 1; k >= 0; --k) {
    offset += (index % (size_t)d[k]) * (size_t)s[k];
    index /= (size_t)d[k];
  }
  y[out] = x[offset];
}

// x viewed as [outer, x_inner] lands in y viewed as [outer, y_inner] at column `offset`: one
// input of a Concat.
__kernel void copy_block(__global const T* x, __global T* y, int x_inner, int y_inner, int offset) {
  const size_t i = get_global_id(0);
  const size_t row = i / (size_t)x_inner, column = i % (size_t)x_inner;
  y[row * (size_t)y_inner + offset + column] = x[i];
}

// y (dense, shape `dims`) takes x's element at base + sum(coordinate[k] * strides[k]), strides
// signed (0 repeats, negative walks backwards): Slice, StridedSlice, Split, Broadcast.
__kernel void strided_view(__global const T* x, __global T* y, int rank, int8 dims, int base, int8 strides) {
  UNPACK8(dims, d);
  UNPACK8(strides, s);
  size_t index = get_global_id(0);
  const size_t out = index;
  long offset = base;
  for (int k = rank - 1; k >= 0; --k) {
    offset += (long)(index % (size_t)d[k]) * s[k];
    index /= (size_t)d[k];
  }
  y[out] = x[offset];
}

// Tile: y (shape `dims`) repeats x (shape `in_dims`, same rank) along every axis.
__kernel void tile(__global const T* x, __global T* y, int rank, int8 dims, int8 in_dims) {
  UNPACK8(dims, d);
  UNPACK8(in_dims, n);
  size_t index = get_global_id(0);
  const size_t out = index;
  size_t offset = 0, stride = 1;
  for (int k = rank - 1; k >= 0; --k) {
    offset += (index % (size_t)d[k]) % (size_t)n[k] * stride;
    index /= (size_t)d[k];
    stride *= (size_t)n[k];
  }
  y[out] = x[offset];
}

// Pad: each output coordinate reads input coordinate o - begin, or outside the input, by
// `mode`: 0 constant (fill[0]), 1 edge, 2 reflect (mirror without the edge), 3 symmetric (with it).
// Negative begins crop. -D ZERO_FILL: no fill input, the constant is 0.
#ifdef ZERO_FILL
#define FILL_ARG
#define FILL_VALUE ((T)0)
#else
#define FILL_ARG __global const T *fill,
#define FILL_VALUE fill[0]
#endif
__kernel void pad(__global const T* x, FILL_ARG __global T* y, int rank, int8 dims, int8 in_dims,
                  int8 begins, int mode) {
  UNPACK8(dims, d);
  UNPACK8(in_dims, n);
  UNPACK8(begins, b);
  size_t index = get_global_id(0);
  const size_t out = index;
  size_t offset = 0, stride = 1;
  bool inside = true;
  for (int k = rank - 1; k >= 0; --k) {
    long c = (long)(index % (size_t)d[k]) - b[k];
    index /= (size_t)d[k];
    const long length = n[k];
    if (c < 0 || c >= length) {
      if (mode == 1) c = c < 0 ? 0 : length - 1;
      else if (mode == 2) c = c < 0 ? -c : 2 * (length - 1) - c;
      else if (mode == 3) c = c < 0 ? -c - 1 : 2 * length - 1 - c;
      else inside = false;
    }
    offset += (size_t)c * stride;
    stride *= (size_t)length;
  }
  y[out] = inside ? x[offset] : FILL_VALUE;
}
