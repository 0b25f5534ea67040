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
